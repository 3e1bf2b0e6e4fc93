// What a reply item does to its lead and the numbers (decisions.md §6 "What each kind does"), inside the
// transaction that inserts the item, so a message is either wholly applied or not at all.
import type { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { sql, sqlRun } from '../../../db/sql';
import { domainOf } from '../../../email-address';
import { stopLead } from '../../leads/lifecycle/lead-progress';
import { recordHardBounce } from '../../sending/engine/outcomes';
import { dayKey } from '../../sending/schedule';
import type { Classification } from '../classify/classify-inbound';
import { isFreeMailDomain } from './free-mail';
import type { Match } from './match';

export interface EffectContext {
  workspaceId: string;
  inboxId: string;
  workspaceZone: string;
  receivedAt: Date;
  now: Date;
}

interface LeadRow {
  email: string;
  status: string;
  stop_on_reply: boolean;
  stop_on_auto_reply: boolean;
  company_reply_stop: boolean;
}

export async function applyEffects(em: EntityManager, match: Match, cls: Classification, c: EffectContext): Promise<void> {
  const [lead] = (await sql(
    em,
    `select l.email, l.status, c.stop_on_reply, c.stop_on_auto_reply, c.company_reply_stop
       from lead l join campaign c on c.id = l.campaign_id where l.id = ? for update of l`,
    [match.leadId],
  )) as unknown as LeadRow[];
  if (!lead) return;
  if (cls.kind === 'reply') return personReplied(em, match, lead, c);
  if (cls.kind === 'auto_reply') return autoReplied(em, match, lead, cls);
  return bounced(em, match, lead, cls, c);
}

/** decisions.md §6 reply: the lead stops with stopOnReply, queued one-offs go, the company stop; without
 *  stopOnReply it goes on and `no_reply` conditions stop holding (replied_at). A reply to a one-off is
 *  kept but not counted: no replied_at and no inbox count, though its sequence still stops (a person who
 *  answered is never followed up against the campaign's setting). */
async function personReplied(em: EntityManager, match: Match, lead: LeadRow, c: EffectContext) {
  if (!match.oneOff) {
    await sqlRun(em, `update lead set replied_at = coalesce(replied_at, ?) where id = ?`, [c.receivedAt, match.leadId]);
    await sqlRun(
      em,
      `insert into inbox_day_stat (id, created_at, workspace_id, inbox_id, day, sent, failed, bounced, replied) values (?, ?, ?, ?, ?, 0, 0, 0, 1)
       on conflict (inbox_id, day) do update set replied = inbox_day_stat.replied + 1`,
      [randomUUID(), c.now, c.workspaceId, c.inboxId, dayKey(c.workspaceZone, c.receivedAt)],
    );
  }
  if (lead.stop_on_reply) {
    await stopLead(em, match.leadId, match.oneOff ? { status: 'stopped', reason: 'replied' } : { status: 'replied', reason: 'replied' }, 'Lead replied');
  } else {
    // api.md Other value sets: a queued one-off is dropped when the lead replies before it goes.
    await sqlRun(em, `update send set status = 'dropped', error = 'Lead replied' where lead_id = ? and kind = 'one_off' and status = 'queued'`, [match.leadId]);
  }
  if (lead.company_reply_stop && !match.oneOff) await companyStop(em, match, lead.email);
}

/** decisions.md §6 companyReplyStop: every other lead of the campaign on the same address domain stops.
 *  Not for free-mail domains: a reply from one gmail.com address says nothing about another's company. */
async function companyStop(em: EntityManager, match: Match, email: string) {
  const domain = domainOf(email);
  if (!domain || isFreeMailDomain(domain)) return;
  const rows = await sql(
    em,
    `select id from lead where campaign_id = ? and id <> ? and lower(email) like ? escape '\\'
        and status not in ('replied', 'unsubscribed', 'bounced', 'stopped', 'completed')`,
    [match.campaignId, match.leadId, `%@${domain.replace(/[\\%_]/g, (ch) => `\\${ch}`)}`],
  );
  for (const r of rows) await stopLead(em, String(r.id), { status: 'stopped', reason: 'company_replied' }, 'Someone at the same company replied');
}

/** decisions.md §6 auto_reply: stop with stopOnAutoReply; a return date holds the lead until then. */
async function autoReplied(em: EntityManager, match: Match, lead: LeadRow, cls: Classification) {
  if (cls.awayUntil) await sqlRun(em, `update lead set away_until = greatest(coalesce(away_until, ?), ?) where id = ?`, [cls.awayUntil, cls.awayUntil, match.leadId]);
  if (lead.stop_on_auto_reply && !match.oneOff) await stopLead(em, match.leadId, { status: 'stopped', reason: 'auto_replied' }, 'Lead auto-replied');
}

/** decisions.md §6 bounce: 5.x.x is a hard bounce exactly as at SMTP time; 4.x.x a soft one that stops nothing. */
async function bounced(em: EntityManager, match: Match, lead: LeadRow, cls: Classification, c: EffectContext) {
  const b = cls.bounce!;
  const reason = (b.diagnostic || cls.evidence || 'bounced').slice(0, 500);
  const code = smtpCode(b.diagnostic);
  if (!b.permanent) {
    await sqlRun(
      em,
      `insert into bounce (id, created_at, workspace_id, campaign_id, lead_id, inbox_id, send_id, email, source, code, category, reason) values (?, ?, ?, ?, ?, ?, ?, ?, 'dsn', ?, 'soft', ?)`,
      [randomUUID(), c.now, c.workspaceId, match.campaignId, match.leadId, c.inboxId, match.sendId, lead.email, code, reason],
    );
    return;
  }
  // The send counts as bounced (the inbox's bounce-rate stop reads send status). A send the SMTP server
  // already refused was recorded then: the bounce message repeats it and changes nothing.
  const send = match.sendId ? { id: match.sendId, status: match.sendStatus } : await lastSendTo(em, match.leadId, c.inboxId);
  if (send?.status === 'bounced') return;
  if (send) {
    await sqlRun(em, `update send set status = 'bounced', error = ? where id = ? and status = 'sent'`, [reason, send.id]);
    await sqlRun(
      em,
      `insert into inbox_day_stat (id, created_at, workspace_id, inbox_id, day, sent, failed, bounced, replied) values (?, ?, ?, ?, ?, 0, 0, 1, 0)
       on conflict (inbox_id, day) do update set bounced = inbox_day_stat.bounced + 1`,
      [randomUUID(), c.now, c.workspaceId, c.inboxId, dayKey(c.workspaceZone, c.receivedAt)],
    );
  }
  const sendId = send?.id ?? null;
  await recordHardBounce(
    em,
    {
      workspaceId: c.workspaceId,
      campaignId: match.campaignId,
      leadId: match.leadId,
      inboxId: c.inboxId,
      sendId,
      email: lead.email,
      source: 'dsn',
      code,
      category: 'hard',
      reason,
    },
    c.now,
  );
}

async function lastSendTo(em: EntityManager, leadId: string, inboxId: string): Promise<{ id: string; status: string } | null> {
  const [row] = await sql(em, `select id, status from send where lead_id = ? and inbox_id = ? and status in ('sent', 'bounced') order by sent_at desc limit 1`, [leadId, inboxId]);
  return row ? { id: String(row.id), status: String(row.status) } : null;
}

/** The SMTP reply code a diagnostic starts with ("smtp; 550 5.1.1 …"), or null. */
function smtpCode(diagnostic: string | null): number | null {
  const m = diagnostic?.match(/\b([245]\d\d)\b/);
  return m ? Number(m[1]) : null;
}
