// The lead status rules have one owner (leads/lifecycle/lead-status.ts), written in TypeScript and in
// SQL built from the same lists; here the two are tested against each other in PostgreSQL for every
// status, and the lifecycle's stop statements (lead-progress.ts), which every stop goes through, change
// exactly the leads the rule says and drop their queued emails.
import { randomUUID } from 'node:crypto';
import { pgArray, sql, sqlRun } from '../../src/storage/sql';
import type { LeadStatus } from '../../src/modules/leads/lead.entity';
import { LEAD_STATUSES } from '../../src/modules/leads/leads.inputs';
import { stopAssignments, stopLeadsStatements, stopSelectedStatement } from '../../src/modules/leads/lifecycle/lead-progress';
import {
  ENDED_STATUSES,
  IN_SEQUENCE_STATUSES,
  inSequenceSql,
  isEnded,
  isInSequence,
  isReachable,
  reachableSql,
  RUNNING_STATUSES,
  runningSql,
  STOP_STATUSES,
  stopChanges,
  stopChangesSql,
  stopChangesSqlFor,
  type StopStatus,
} from '../../src/modules/leads/lifecycle/lead-status';
import { signUp, type Account } from '../support/client';
import { createCampaign } from '../support/factories/campaign.factory';
import { createInbox } from '../support/factories/inbox.factory';
import { createLeads } from '../support/factories/lead.factory';
import { createSentEmail } from '../support/factories/send.factory';
import { startTestService } from '../support/service';

let service: Awaited<ReturnType<typeof startTestService>>;
let me: Account;
beforeAll(async () => {
  service = await startTestService();
  me = await signUp(service.url);
});
afterAll(() => service?.stop());

const em = () => service.deps.orm.em.fork();

describe('the status lists', () => {
  it('put every lead status either in the sequence or ended, never both', () => {
    expect([...IN_SEQUENCE_STATUSES, ...ENDED_STATUSES].sort()).toEqual([...LEAD_STATUSES].sort());
    for (const s of LEAD_STATUSES) {
      expect(isInSequence(s)).toBe(IN_SEQUENCE_STATUSES.includes(s));
      expect(isEnded(s)).toBe(!isInSequence(s));
    }
    expect(ENDED_STATUSES).toEqual(['completed', 'replied', 'unsubscribed', 'bounced', 'stopped']);
    expect(RUNNING_STATUSES).toEqual(['pending', 'active']);
    // What the person did that rules out any further sequence email (a subsequence never takes them).
    expect(LEAD_STATUSES.filter((s) => !isReachable(s))).toEqual(['unsubscribed', 'bounced']);
  });

  it('let a stop change a lead in its sequence always, a completed one only to record what the person did, and any other ended one never', () => {
    for (const to of STOP_STATUSES) {
      for (const from of LEAD_STATUSES) {
        const expected = isInSequence(from) || (from === 'completed' && to !== 'stopped');
        expect(`${from} → ${to}: ${stopChanges(from, to)}`).toBe(`${from} → ${to}: ${expected}`);
      }
    }
  });
});

describe('the same rules in SQL', () => {
  it('answer as the TypeScript does for every status', async () => {
    const stops = STOP_STATUSES.flatMap((to) => [`${stopChangesSql('l', to)} as "${to}"`, `${stopChangesSqlFor('l', `'${to}'`)} as "for ${to}"`]);
    const rows = await sql(
      em(),
      `select l.status, ${inSequenceSql('l')} as in_sequence, ${runningSql('l')} as running, ${reachableSql('l')} as reachable, ${stopChangesSqlFor('l', 'null::text')} as for_null,
              ${stops.join(', ')}
         from (values ${LEAD_STATUSES.map(() => '(?)').join(', ')}) as l(status)`,
      [...LEAD_STATUSES],
    );
    expect(rows).toHaveLength(LEAD_STATUSES.length);
    for (const row of rows) {
      const status = row.status as LeadStatus;
      const expected: Record<string, unknown> = {
        status,
        in_sequence: isInSequence(status),
        running: RUNNING_STATUSES.includes(status),
        reachable: isReachable(status),
        for_null: false,
      };
      for (const to of STOP_STATUSES) expected[to] = expected[`for ${to}`] = stopChanges(status, to);
      expect(row).toEqual(expected);
    }
  });

  it('read the status column of the only table when no alias is given', async () => {
    for (const s of LEAD_STATUSES) {
      const [row] = await sql(em(), `select ${inSequenceSql()} as in_sequence, ${runningSql()} as running from (values (?)) as lead(status)`, [s]);
      expect(row).toEqual({ in_sequence: isInSequence(s), running: RUNNING_STATUSES.includes(s) });
    }
  });
});

describe("the lifecycle's stop statements", () => {
  /** One lead per status, each with a queued email; their ids in LEAD_STATUSES order. */
  async function leadOfEveryStatus(): Promise<{ ids: string[]; sends: string[] }> {
    const campaign = await createCampaign(service, me.workspaceId);
    const inbox = await createInbox(service, me.workspaceId);
    const due = new Date(Date.now() + 86_400_000);
    const leads = await createLeads(
      service,
      me.workspaceId,
      campaign.id,
      LEAD_STATUSES.map((status) => ({
        email: `${status}-${randomUUID()}@example.com`,
        status,
        stopReason: isEnded(status) && status !== 'completed' ? 'bounced' : null,
        nextDueAt: due,
      })),
    );
    const sends: string[] = [];
    for (const lead of leads) {
      const send = await createSentEmail(service, {
        workspaceId: me.workspaceId,
        campaignId: campaign.id,
        leadId: lead.id,
        inboxId: inbox.id,
        inboxEmail: inbox.email,
        sentAt: new Date(),
      });
      await sqlRun(em(), `update send set status = 'queued', sent_at = null where id = ?`, [send.id]);
      sends.push(send.id);
    }
    return { ids: leads.map((l) => l.id), sends };
  }

  /** Each lead as the stop left it: changed (status, reason, nothing due) exactly where stopChanges says. */
  async function expectStopped(ids: string[], to: StopStatus, reason: string) {
    const rows = await sql(em(), `select id, status, stop_reason, next_due_at from lead where id = any(?::uuid[])`, [pgArray(ids)]);
    const byId = new Map(rows.map((r) => [String(r.id), r]));
    LEAD_STATUSES.forEach((from, i) => {
      const row = byId.get(ids[i]!)!;
      const changed = stopChanges(from, to);
      expect({ from, status: row.status, stop_reason: row.stop_reason, due: row.next_due_at !== null }).toEqual({
        from,
        status: changed ? to : from,
        stop_reason: changed ? reason : isEnded(from) && from !== 'completed' ? 'bounced' : null,
        due: !changed,
      });
    });
  }

  const sendStatuses = async (sends: string[]) => (await sql(em(), `select status from send where id = any(?::uuid[])`, [pgArray(sends)])).map((r) => r.status);

  it.each(STOP_STATUSES)('stopLeadsStatements to %s', async (to) => {
    const { ids, sends } = await leadOfEveryStatus();
    for (const s of stopLeadsStatements(ids, { status: to, reason: 'pipeline' }, 'test stop')) await sqlRun(em(), s.query, s.params);
    await expectStopped(ids, to, 'pipeline');
    expect(await sendStatuses(sends)).toEqual(sends.map(() => 'dropped'));
  });

  it.each(STOP_STATUSES)('stopAssignments to %s, the status given per row', async (to) => {
    const { ids } = await leadOfEveryStatus();
    await sqlRun(
      em(),
      `update lead l set ${stopAssignments('l', 'v.stop is not null', 'v.stop', `'pipeline'`)} from unnest(?::uuid[], ?::text[]) as v(id, stop) where l.id = v.id`,
      [pgArray(ids), `{${ids.map(() => to).join(',')}}`],
    );
    await expectStopped(ids, to, 'pipeline');
  });

  it.each(STOP_STATUSES)('stopSelectedStatement to %s', async (to) => {
    const { ids, sends } = await leadOfEveryStatus();
    const selection = { query: `select id from lead where id = any(?::uuid[])`, params: [pgArray(ids)] };
    const statement = stopSelectedStatement(selection, { status: to, reason: 'pipeline' }, 'test stop');
    await sqlRun(em(), statement.query, statement.params);
    await expectStopped(ids, to, 'pipeline');
    expect(await sendStatuses(sends)).toEqual(sends.map(() => 'dropped'));
  });

  it('stopAssignments leaves a row alone where its condition does not hold', async () => {
    const { ids } = await leadOfEveryStatus();
    await sqlRun(em(), `update lead l set ${stopAssignments('l', 'false', `'stopped'`, `'pipeline'`)} where l.id = any(?::uuid[])`, [pgArray(ids)]);
    const rows = await sql(em(), `select status, next_due_at from lead where id = any(?::uuid[])`, [pgArray(ids)]);
    expect(rows.map((r) => r.status).sort()).toEqual([...LEAD_STATUSES].sort());
    expect(rows.every((r) => r.next_due_at !== null)).toBe(true);
  });
});
