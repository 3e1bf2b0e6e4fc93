// The metrics of one service instance (README.md here): its own prom-client Registry, never the global
// default one, so that several services in one process (the tests) each report their own. Built by the
// composition root (src/service.ts) as deps.metrics; the areas count through its typed methods, and
// GET /metrics (rest/metrics.ts) renders it.
import type { MikroORM } from '@mikro-orm/postgresql';
import { collectDefaultMetrics, Registry } from 'prom-client';
import { ormPoolFigures } from '../db/pool-figures';
import type { Logger } from '../logger';
import { EngineSeries } from './engine.series';
import { HttpSeries } from './http.series';
import { PoolSeries } from './pool.series';
import { readSharedState } from './state.queries';
import { StateSeries } from './state.series';

export class Metrics {
  readonly registry = new Registry();
  readonly http: HttpSeries;
  readonly engine: EngineSeries;
  readonly pools: PoolSeries;

  constructor(opts: { orm: MikroORM; log: Logger; now: () => Date }) {
    const registers = [this.registry];
    // Node's own: event-loop lag (nodejs_eventloop_lag_*), heap, GC, handles, CPU and memory of the process.
    collectDefaultMetrics({ register: this.registry });
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
    );
  }

  /** The Prometheus text format of every series, and its content type. */
  async render(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}
