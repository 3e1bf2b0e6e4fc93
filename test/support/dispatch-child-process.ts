// Starts test/support/dispatch-child.ts (one dispatch tick for one workspace at a fixed time) in a
// process of its own, for tests that kill it mid-send with SIGKILL.
import { spawn, type ChildProcess } from 'node:child_process';
import { nodeArgsFor } from './compiled-tree';

export interface DispatchChild {
  child: ChildProcess;
  /** Everything it printed so far (stdout and stderr). */
  output(): string;
  /** Resolves once it has exited. */
  exited: Promise<void>;
}

export function startDispatchChild(workspaceId: string, now: Date): DispatchChild {
  const child = spawn(process.execPath, nodeArgsFor('test/support/dispatch-child.ts'), {
    env: { ...process.env, WORKSPACE_ID: workspaceId, NOW: now.toISOString() },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return { child, output: () => output, exited };
}
