// Starts test/support/dispatch-child.ts (one dispatch tick for one workspace at a fixed time) in a
// process of its own, for tests that kill it mid-send with SIGKILL.
import { spawn, type ChildProcess } from 'node:child_process';
import { ownerAliveSql } from '../../src/storage/owner-sql';
import { nodeArgsFor } from './compiled-tree';

/** Runs SQL with `?` placeholders (sendingWorld's `db`). */
type Db = (query: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

export interface DispatchChild {
  child: ChildProcess;
  /** Everything it printed so far (stdout and stderr). */
  output(): string;
  /** Resolves once it has exited. */
  exited: Promise<void>;
  /**
   * Kills it with SIGKILL and resolves once PostgreSQL has ended its session too: the owner lock of the
   * claimant named on its workspace's `sending` rows is gone. The session ends a moment after the
   * process (later still on a loaded machine), and a tick in between rightly sees the claimant alive and
   * leaves its rows alone: a test that then expects the sweep must wait for this.
   */
  killAndAwaitSessionEnd(db: Db): Promise<void>;
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
  const claimantAlive = async (db: Db) =>
    (await db(`select coalesce(bool_or(${ownerAliveSql('claimed_by')}), false) as alive from send where workspace_id = ? and status = 'sending'`, [workspaceId]))[0]!.alive ===
    true;
  const killAndAwaitSessionEnd = async (db: Db) => {
    child.kill('SIGKILL');
    await exited;
    for (let waited = 0; await claimantAlive(db); waited += 50) {
      if (waited > 15_000) throw new Error('the killed process still holds its owner lock after 15 s');
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  return { child, output: () => output, exited, killAndAwaitSessionEnd };
}
