// A one-off sent at once instead of queued: the answer to a reply item (POST /replies/:id/reply,
// decisions.md §6). The same row, loading, composer, SMTP port and recording as a queued one-off
// (deliver.ts); what it skips is the queue: no window, gap or cap decides when it goes (a person
// answering a person goes now), and a refusal is the caller's to report, never retried.
//
// The caller prepares it (nothing written yet), writes the send row in `sending` with its Message-ID and
// claimed_at, committed before the SMTP call (a row a crash leaves so is swept as an email whose fate is
// unknown and never sent again), then sends it. An accepted email is recorded exactly as the engine
// records one (record-sent.ts); any other answer is only returned.
//
// A request waits for it, so its SMTP waits are short and bounded as a whole (decisions.md §10:
// SEND_NOW_LIMITS): a server that never answers ends as a `deferred` result saying it timed out, and
// stopping the service ends it at once (the port's close()). No transaction is open while it waits.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AppDeps } from '../../../runtime/context';
import type { SmtpLimits, SmtpResult } from '../../../mail/smtp-sender';
import type { ComposedParts } from '../render/compose';
import { nextFreeAt } from '../schedule';
import { loadBatch, type BatchInbox } from './batch-context';
import { composeClaimed } from './deliver';
import type { EngineCampaign } from './load-state';
import type { ClaimedSend } from './outcomes';
import type { EngineLead } from './pick-due';
import { recordAcceptedBatch } from './record-sent';
import { loginWith, ReconnectNeeded, TokenUnavailable, withMailLogin } from '../../oauth/mail-login';

export interface OneOffNow {
  send: ClaimedSend;
  lead: EngineLead;
  campaign: EngineCampaign;
  inbox: BatchInbox;
  /** The lead's address or its domain is on the workspace's blocklist (judged as at send time). */
  blocked: boolean;
  composed: ComposedParts;
}

/** Loads what the send needs and composes it, writing nothing; null when its lead, campaign, inbox or
 *  the reply it answers is gone. */
export async function prepareOneOffNow(deps: AppDeps, em: EntityManager, send: ClaimedSend, now: Date): Promise<OneOffNow | null> {
  const campaigns = new Map<string, EngineCampaign>();
  const batch = await loadBatch(em, [send], campaigns, now);
  const lead = batch.leads.get(send.leadId);
  const campaign = campaigns.get(send.campaignId);
  const inbox = batch.inboxes.get(send.inboxId);
  if (!lead || !campaign || !inbox) return null;
  const composed = composeClaimed(deps, send, batch, { lead, campaign, inbox }, now);
  if ('drop' in composed) return null;
  return { send, lead, campaign, inbox, blocked: batch.blocked.has(lead.id), composed };
}

/** Each SMTP wait of a send a request waits for, and the whole send (decisions.md §10). */
export const SEND_NOW_LIMITS: SmtpLimits = { timeoutMs: 10_000, deadlineMs: 30_000 };

/** Hands the email to the inbox's SMTP server on a session of its own. Accepted: recorded as the
 *  engine records a sent email (the inbox's gap and day count, the lead's last send). Never rejects with
 *  an SMTP failure: that is the result. */
export async function sendOneOffNow(deps: AppDeps, p: OneOffNow): Promise<SmtpResult> {
  const sessions = deps.smtp.sessions({ ...SEND_NOW_LIMITS, endOnClose: true });
  let result: SmtpResult;
  const { host, port, secure, username, authType, passwordEnc } = p.inbox.smtp;
  try {
    // decisions.md §15: an OAuth inbox's token, refreshed once when its server refuses it.
    result = await withMailLogin(
      deps,
      { id: p.inbox.id, authType, passwordEnc },
      (secret) => sessions.send(p.inbox.id, loginWith({ host, port, secure, username }, secret), p.composed.mail),
      (r) => (r as SmtpResult).loginRefused === true,
    );
  } catch (err) {
    // No token now: nothing was sent, and the caller says why.
    if (!(err instanceof ReconnectNeeded || err instanceof TokenUnavailable)) throw err;
    result = { outcome: err instanceof ReconnectNeeded ? 'auth' : 'deferred', code: null, detail: err.message, senderRefused: false };
  } finally {
    sessions.close();
  }
  deps.metrics.engine.email(result.outcome === 'accepted' ? 'sent' : 'answer_refused');
  if (result.outcome !== 'accepted') return result;
  const at = deps.clock.now();
  const delivery = { send: p.send, lead: p.lead, campaign: p.campaign, inbox: p.inbox, subject: p.composed.subject };
  try {
    await recordAcceptedBatch(deps.orm.em, [{ delivery, result, at, nextFreeAt: nextFreeAt(at, p.inbox.minGapMinutes, p.inbox.gapJitterMinutes) }], deps.extensions);
  } catch (err) {
    // It went out; left in `sending`, the sweep counts it as sent and nothing sends it again.
    deps.log.error('recording a sent answer failed', { send_id: p.send.id, err: String((err as Error)?.stack ?? err) });
  }
  return result;
}
