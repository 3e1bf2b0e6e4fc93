// Node's own series (prom-client's default metrics): event-loop lag (nodejs_eventloop_lag_*), heap, GC,
// active handles, and the process's CPU, memory, open files and start time. They describe the process,
// not one service instance, and prom-client starts an event-loop monitor for each collection that
// nothing stops: so they are collected once per process, into a registry of their own that every
// service's render adds to its own series (registry.ts). Tests run several services in one process.
import { collectDefaultMetrics, Registry } from 'prom-client';

let shared: Registry | null = null;

/** The process's registry of Node's own series, made at the first call. */
export function processSeries(): Registry {
  if (!shared) {
    shared = new Registry();
    collectDefaultMetrics({ register: shared });
  }
  return shared;
}
