// What goes on while the soak runs, besides the kills:
// - the clock: follow-ups, retries, back-offs and webhook retries are brought forward in the database,
//   since real processes run on the wall clock and a step waits at least a day (README.md);
// - the mail that comes back: replies, auto-replies and bounces appended to Dovecot for emails the SMTP
//   peer received, each with a Message-ID of its own, remembered for the checks;
// - a light stream of API requests on every API process, with every answer's status and time.
import { randomUUID } from 'node:crypto';
import type { Client as Sql } from 'pg';
import { Client } from '../support/client';
import { dsnBounce, outOfOffice, personReply } from '../support/inbound-mail';
import type { Peers } from './peers';
import { share } from './peers';
import type { Slot } from './processes';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Every loop of this file runs until `stop()` is called. */
export interface Loop {
  stop(): Promise<void>;
}

function loop(everyMs: number, body: () => Promise<void>): Loop {
  let running = true;
  const done = (async () => {
    while (running) {
      await body().catch((err) => console.error(`soak: ${(err as Error).message}`));
      await sleep(everyMs);
    }
  })();
  return {
    async stop() {
      running = false;
      await done;
    },
  };
}

/** The soak's clock: what the engine would find due after waiting, made due now. `followUps` false
 *  leaves lead due times alone (while the run settles, no new step should start). */
export function clockDriver(sql: Sql, opts: { followUps: boolean }): Loop {
  return loop(2000, async () => {
    // A follow-up is due once its lead has been quiet 8 s, so most replies are read before it.
    if (opts.followUps)
      await sql.query(`update lead set next_due_at = now() where status = 'active' and next_due_at > now()
        and last_sent_at < now() - interval '8 seconds' and (away_until is null or away_until <= now())`);
    await sql.query(`update send set scheduled_for = now() where status = 'queued' and scheduled_for > now()`);
    await sql.query(`update inbox set backoff_until = now() where backoff_until > now()`);
    await sql.query(`update webhook_delivery set next_attempt_at = now() where status = 'pending' and next_attempt_at > now()`);
  });
}

export interface Appended {
  messageId: string;
  kind: 'reply' | 'auto_reply' | 'bounce';
  lead: string;
  inbox: string;
  at: Date;
}

/** Fates by a lead's address: 20% reply, 5% auto-reply, a few bounce (at most one per inbox, once it has
 *  sent 40, so no inbox reaches the 5% bounce stop). Each lead gets at most one message back. */
export function inboundMail(peers: Peers, appended: Appended[]): Loop {
  let seen = 0;
  const decided = new Set<string>();
  const sentBy = new Map<string, number>();
  const bouncedInbox = new Set<string>();
  return loop(1000, async () => {
    const fresh = peers.smtp.messages.slice(seen);
    seen += fresh.length;
    for (const m of fresh) {
      const lead = m.envelope.rcptTo[0]!;
      const inbox = m.user!;
      sentBy.set(inbox, (sentBy.get(inbox) ?? 0) + 1);
      if (decided.has(lead)) continue;
      decided.add(lead);
      const sentId = /^Message-ID:\s*(<[^>\r\n]+>)/im.exec(m.raw)?.[1];
      if (!sentId) continue;
      const r = share(`${lead}:fate`);
      const messageId = `<soak-${randomUUID()}@client.test>`;
      let kind: Appended['kind'] | null = null;
      let raw = '';
      if (r < 0.2) {
        kind = 'reply';
        raw = personReply({ from: lead, to: inbox, inReplyTo: sentId, messageId, subject: 'Re: A question' });
      } else if (r < 0.25) {
        kind = 'auto_reply';
        raw = outOfOffice({ from: lead, to: inbox, inReplyTo: sentId, messageId });
      } else if (r < 0.35 && !bouncedInbox.has(inbox) && (sentBy.get(inbox) ?? 0) >= 40) {
        kind = 'bounce';
        bouncedInbox.add(inbox);
        raw = dsnBounce({ to: inbox, recipient: lead, returnedId: sentId, messageId });
      }
      if (!kind) continue;
      await peers.imap.appendMessage(inbox, raw);
      appended.push({ messageId, kind, lead, inbox, at: new Date() });
    }
  });
}

export interface ApiStats {
  requests: number;
  /** Requests that got no answer (their process was killed, or not yet back). */
  cut: number;
  fiveHundreds: string[];
  ms: number[];
  leadsCreated: number;
}

/** Reads on every API process (lists, one campaign, deliveries), and now and then a lead added. */
export function apiStream(slots: Slot[], token: string, campaignIds: string[], webhookId: string, stats: ApiStats): Loop[] {
  let n = 0;
  const paths = ['/campaigns', `/campaigns/${campaignIds[0]}`, '/leads?limit=20', '/replies?limit=20', '/mailboxes', `/webhooks/${webhookId}/deliveries?limit=20`];
  return slots.map((_, i) =>
    loop(100, async () => {
      const slot = slots[i]!;
      if (!slot.api) return;
      const client = new Client(slot.proc.url, token);
      const k = n++;
      const add = k % 15 === 14;
      const campaign = campaignIds[k % campaignIds.length]!;
      const t = performance.now();
      stats.requests++;
      try {
        const res = add
          ? await client.post(`/campaigns/${campaign}/leads/manual`, { leads: [{ email: `api-lead-${k}@client${k % 7}.test`, vars: {} }] })
          : await client.get(paths[k % paths.length]!);
        stats.ms.push(performance.now() - t);
        if (res.status >= 500) stats.fiveHundreds.push(`${add ? 'POST leads/manual' : `GET ${paths[k % paths.length]}`} → ${res.status} ${res.text.slice(0, 200)}`);
        if (add && res.status < 300) stats.leadsCreated++;
      } catch {
        stats.cut++;
      }
    }),
  );
}
