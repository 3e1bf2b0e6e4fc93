// What the sending engine records as it sends, inserted directly: SMTP attempts (send_attempt), bounce
// rows and the per inbox per day counter (inbox_day_stat), for the deliverability and domains reports
// (test/api/reports-delivery.test.ts). Rows only: nothing else the engine does with them.
import { randomUUID } from 'node:crypto';
import type { RunningService } from '../../../src/service';

type Service = Pick<RunningService, 'deps'>;

const run = (service: Service, query: string, params: unknown[]) => service.deps.orm.em.fork().getConnection().execute(query, params);

export async function recordAttempt(
  service: Service,
  row: { workspaceId: string; sendId: string; inboxId: string; outcome: 'accepted' | 'deferred' | 'rejected'; code: number | null; detail?: string | null; at: Date },
): Promise<void> {
  await run(service, `insert into send_attempt (id, created_at, workspace_id, send_id, inbox_id, outcome, code, detail) values (?, ?, ?, ?, ?, ?, ?, ?)`, [
    randomUUID(),
    row.at,
    row.workspaceId,
    row.sendId,
    row.inboxId,
    row.outcome,
    row.code,
    row.detail ?? null,
  ]);
}

export async function recordBounce(
  service: Service,
  row: { workspaceId: string; inboxId: string; email?: string; source?: 'smtp' | 'dsn'; code: number | null; category: 'hard' | 'soft' | 'block'; reason: string; at: Date },
): Promise<void> {
  await run(service, `insert into bounce (id, created_at, workspace_id, inbox_id, email, source, code, category, reason) values (?, ?, ?, ?, ?, ?, ?, ?, ?)`, [
    randomUUID(),
    row.at,
    row.workspaceId,
    row.inboxId,
    row.email ?? 'gone@example.org',
    row.source ?? 'smtp',
    row.code,
    row.category,
    row.reason,
  ]);
}

/** Adds `sent` to the inbox's counter of `day` (YYYY-MM-DD, workspace timezone), as every send does. */
export async function countSent(service: Service, row: { workspaceId: string; inboxId: string; day: string; sent: number }): Promise<void> {
  await run(
    service,
    `insert into inbox_day_stat (id, created_at, workspace_id, inbox_id, day, sent, failed, bounced, replied) values (?, now(), ?, ?, ?, ?, 0, 0, 0)
     on conflict (inbox_id, day) do update set sent = inbox_day_stat.sent + excluded.sent`,
    [randomUUID(), row.workspaceId, row.inboxId, row.day, row.sent],
  );
}
