// The database connection pools of this process (README.md "Series"), read at scrape time: the ORM's
// (knex's tarn pool: every request and every job) and the job runner's own pg pool (Agenda's rows and
// the leases), each registered by whoever owns it.
import { Gauge, type Registry } from 'prom-client';
import type { PoolFigures } from '../../storage/pool-figures';

/** The pools' names, our own: the label's only values. */
export type PoolName = 'orm' | 'jobs';

export class PoolSeries {
  private readonly pools = new Map<PoolName, () => PoolFigures | null>();

  constructor(registers: Registry[]) {
    const pools = this.pools;
    const gauge = (name: string, help: string, pick: (f: PoolFigures) => number) =>
      new Gauge({
        name,
        help,
        labelNames: ['pool'],
        registers,
        collect() {
          this.reset();
          for (const [pool, read] of pools) {
            const figures = read();
            if (figures) this.set({ pool }, pick(figures));
          }
        },
      });
    gauge('outreach_db_pool_in_use', 'Database connections of this process lent out now, by pool (orm: requests and jobs; jobs: the job runner).', (f) => f.inUse);
    gauge('outreach_db_pool_idle', 'Open database connections of this process nobody uses now, by pool.', (f) => f.idle);
    gauge(
      'outreach_db_pool_waiting',
      'Callers of this process waiting for a database connection now, by pool: above 0 for long, the pool is too small or connections are held too long.',
      (f) => f.waiting,
    );
  }

  /** Reports `read()` under `name` from now on (null: the pool is not open); the returned function stops it. */
  watch(name: PoolName, read: () => PoolFigures | null): () => void {
    this.pools.set(name, read);
    return () => {
      if (this.pools.get(name) === read) this.pools.delete(name);
    };
  }
}
