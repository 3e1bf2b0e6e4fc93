// The two service processes of the soak (src/main.ts as `npm start` runs it) on the soak's database, and
// what a kill costs: SIGKILL one, measure how long until the recurring jobs run again on the survivor,
// then start it again and measure how long until it answers /api/health.
import type { Client } from 'pg';
import { killServiceProcess, startServiceProcess, type ServiceProcess } from '../support/service-process';

export interface Slot {
  /** SERVICE_ROLES of this process (decisions.md §13). */
  roles: string;
  proc: ServiceProcess;
  /** Whether it serves the API (the API stream only goes to these). */
  api: boolean;
}

export interface KillRecord {
  at: number;
  victim: number;
  /** From the SIGKILL to the next run of each job by another process than the victim, ms (null: none
   *  within the bound). Usually the survivor; the victim's restart may win the race (it gives back what
   *  the dead process held as it starts, and scans at once). */
  recovery: Record<string, number | null>;
  /** Which process ran each job first after the kill. */
  recoveredBy: Record<string, 'survivor' | 'restarted' | null>;
  /** The watched jobs the victim held (locked) when it was killed. */
  held: string[];
  /** From the restart to /api/health answering, ms. */
  restartMs: number;
}

/** The recurring jobs whose next run on the survivor is timed after a kill. */
export const WATCHED_JOBS = ['dispatch', 'poll-replies', 'webhook-fanout'];
const RECOVERY_BOUND_MS = 60_000;

export async function startSlot(env: Record<string, string>, roles: string): Promise<Slot> {
  const proc = await startServiceProcess({ ...env, SERVICE_ROLES: roles }, 120_000);
  return { roles, proc, api: roles.split(',').includes('api') };
}

/** Kills slot `victim` with SIGKILL, times the survivor's takeover, and restarts the victim. */
export async function killAndRestart(sql: Client, slots: Slot[], victim: number, env: Record<string, string>): Promise<KillRecord> {
  const survivor = slots[1 - victim]!;
  const jobs = async () =>
    (
      await sql.query<{ name: string; last_run_at: Date | null; locked_at: Date | null; owner: string | null }>(
        `select name, last_run_at, locked_at, last_modified_by as owner from agenda_jobs where name = any($1)`,
        [WATCHED_JOBS],
      )
    ).rows;
  const victimPid = slots[victim]!.proc.pid;
  const before = await jobs();
  const at = Date.now();
  await killServiceProcess(slots[victim]!.proc, 'SIGKILL');
  const held = before.filter((r) => r.locked_at && (r.owner ?? '').includes(`:${victimPid}:`)).map((r) => r.name);
  const recovery = Object.fromEntries(WATCHED_JOBS.map((name) => [name, null])) as Record<string, number | null>;
  const recoveredBy = Object.fromEntries(WATCHED_JOBS.map((name) => [name, null])) as KillRecord['recoveredBy'];
  const restart = (async () => {
    const t = Date.now();
    slots[victim] = await startSlot(env, slots[victim]!.roles);
    return Date.now() - t;
  })();
  // The next run of each job by another process: an owner name (`host:pid:nonce`) on the row other than the
  // victim's, and a run after the kill.
  while (Date.now() - at < RECOVERY_BOUND_MS && Object.values(recovery).some((v) => v === null)) {
    for (const r of await jobs()) {
      const owner = r.owner ?? '';
      if (recovery[r.name] !== null || !owner || owner.includes(`:${victimPid}:`) || !r.last_run_at || r.last_run_at.getTime() <= at) continue;
      recovery[r.name] = r.last_run_at.getTime() - at;
      recoveredBy[r.name] = owner.includes(`:${survivor.proc.pid}:`) ? 'survivor' : 'restarted';
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { at, victim, recovery, recoveredBy, held, restartMs: await restart };
}
