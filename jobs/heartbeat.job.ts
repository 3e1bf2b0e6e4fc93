// Proves the job runner is alive: every minute it records when it last ran (see runtimeStatus).
import type { JobDefinition } from '../src/runtime/job';

export const runtimeStatus = { lastHeartbeatAt: null as Date | null };

export const heartbeatJob: JobDefinition = {
  name: 'heartbeat',
  every: '1 minute',
  async run(deps) {
    runtimeStatus.lastHeartbeatAt = deps.clock.now();
  },
};
