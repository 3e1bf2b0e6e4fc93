// decisions.md §1 and §13: `GET /api/health` says the process lives (200 once started: a load balancer's
// liveness probe), `GET /api/health/ready` whether it can work now (src/observability/readiness.ts: 200 `{ok, checks}`,
// else 503 with the failing checks and the error body of decisions.md §3). No credentials: both are for
// the machines in front of the service, and say nothing about any workspace.
import express from 'express';
import { AppError } from '../src/contracts/errors';
import type { Readiness } from '../src/observability/readiness';

/** 503 `starting` (status from the error registry), before start-up has finished. */
const STARTING = new AppError('starting', 'The service is starting; try again in a moment.');

export function healthRouter(isStarted: () => boolean, readiness: Readiness): express.Router {
  const router = express.Router();
  router.get('/health', (_req, res) => {
    if (isStarted()) res.json({ ok: true });
    else res.status(STARTING.status).json(STARTING.toBody());
  });
  router.get('/health/ready', async (_req, res) => {
    res.set('Cache-Control', 'no-store');
    if (!isStarted()) return void res.status(STARTING.status).json({ ok: false, checks: {}, ...STARTING.toBody() });
    const report = await readiness.report();
    if (report.ok) return void res.json(report);
    const failing = Object.keys(report.checks).filter((name) => !report.checks[name]!.ok);
    const notReady = new AppError('not_ready', `Not ready: ${failing.map((name) => `${name} (${report.checks[name]!.error})`).join('; ')}.`, { failing });
    res.status(notReady.status).json({ ...report, ...notReady.toBody() });
  });
  return router;
}
