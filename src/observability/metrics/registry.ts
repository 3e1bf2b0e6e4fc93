// The metrics of one service instance (README.md here): its own prom-client Registry, never the global
// default one, so that several services in one process (the tests) each report their own. Built by the
// composition root (src/service.ts) as deps.metrics; the areas count through its typed methods, and
// GET /metrics (rest/metrics.ts) renders it.
import type { MikroORM } from '@mikro-orm/postgresql';
import { Registry } from 'prom-client';
import { ormPoolFigures } from '../../storage/pool-figures';
import type { Logger } from '../logger';
import { EngineSeries } from './engine.series';
import { HttpSeries } from './http.series';
import { PoolSeries } from './pool.series';
import { processSeries } from './process.series';
import { readSharedState } from './state.queries';
import { StateSeries } from './state.series';

export class Metrics {
  readonly registry = new Registry();
  readonly http: HttpSeries;
  readonly engine: EngineSeries;
  readonly pools: PoolSeries;

  constructor(opts: { orm: MikroORM; log: Logger; now: () => Date }) {
    const registers = [this.registry];
    this.http = new HttpSeries(registers);
    this.engine = new EngineSeries(registers);
    this.pools = new PoolSeries(registers);
    this.pools.watch('orm', () => ormPoolFigures(opts.orm));
    new StateSeries(
      this.registry,
      async () => {
        const now = opts.now();
        return { state: await readSharedState(opts.orm.em.fork(), now), now };
      },
      opts.log,
      () => opts.now().getTime(),
    );
  }

  /** The Prometheus text format of this service's series and of Node's own (process.series.ts), and its
   *  content type. */
  async render(): Promise<{ contentType: string; body: string }> {
    const all = Registry.merge([processSeries(), this.registry]);
    return { contentType: all.contentType, body: await all.metrics() };
  }
}
