// The soak's world outside the service: its own PostgreSQL, an SMTP peer that defers and drops on a
// schedule, Dovecot with one mailbox per inbox, a DNS server with an empty zone (lead domains answer
// NXDOMAIN at once instead of waiting on a resolver the machine may not reach) and a webhook receiver
// that fails or hangs on a share of first attempts and records what it answered.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../../src/storage/embedded-postgres';
import { startDnsServer, type RunningDnsServer } from '../support/dns-server';
import { startImapPeer, type ImapPeer } from '../support/imap-peer';
import { startSmtpPeer, type SmtpPeer } from '../support/smtp-peer';
import { startWebhookReceiver, type Answer, type WebhookReceiver } from '../support/webhook-receiver';

export const MAILBOX_PASSWORD = 'soak-secret';

/** The failure schedule. Shares are of recipients (SMTP), connections (drops) and webhook ids. */
export const FAULTS = {
  /** Recipients whose every other RCPT is answered 451: each of their steps is deferred once, then accepted. */
  deferShare: 0.15,
  /** Messages whose connection is closed after DATA, before the answer (the engine retries them). */
  dropShare: 0.03,
  /** Webhook ids whose first attempt is answered 503, and whose first attempt is never answered. */
  webhookFailShare: 0.1,
  webhookHangShare: 0.02,
};

/** A stable pseudo-random number in [0, 1) for a string, so a recipient's fate does not change. */
export function share(key: string): number {
  let h = 2166136261;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 16777619);
  return (h >>> 0) / 2 ** 32;
}

export interface Peers {
  dir: string;
  pg: EmbeddedPostgres;
  sql: Client;
  smtp: SmtpPeer;
  imap: ImapPeer;
  dns: RunningDnsServer;
  hooks: WebhookReceiver;
  /** The receiver's answer to each request, by index in hooks.received. */
  answers: Answer[];
  counts: { deferred: number; dropped: number };
  mailboxes: string[];
  stop(): Promise<void>;
}

export async function startPeers(mailboxCount: number): Promise<Peers> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'outreach-soak-'));
  const pg = await startEmbeddedPostgres(dir);
  const sql = new Client({ connectionString: pg.url });
  await sql.connect();
  const mailboxes = Array.from({ length: mailboxCount }, (_, i) => `soak${i}@sender.test`);
  const users = Object.fromEntries(mailboxes.map((m) => [m, MAILBOX_PASSWORD]));
  const counts = { deferred: 0, dropped: 0 };

  const rcptSeen = new Map<string, number>();
  const smtp = await startSmtpPeer({
    users: { ...users },
    behaviour: {
      rcpt: (address) => {
        if (share(address) >= FAULTS.deferShare) return undefined;
        const n = (rcptSeen.get(address) ?? 0) + 1;
        rcptSeen.set(address, n);
        if (n % 2 === 0) return undefined;
        counts.deferred++;
        return { code: 451, message: '4.7.1 Try again later (soak)' };
      },
      drop: (stage) => {
        const cut = stage === 'data' && Math.random() < FAULTS.dropShare;
        if (cut) counts.dropped++;
        return cut;
      },
    },
  });
  const imap = await startImapPeer({ users });
  const dns = await startDnsServer({});

  const hooks = await startWebhookReceiver();
  const answers: Answer[] = [];
  const attemptsById = new Map<string, number>();
  hooks.respond = (req, n) => {
    const id = req.headers['webhook-id'] ?? '';
    const attempt = (attemptsById.get(id) ?? 0) + 1;
    attemptsById.set(id, attempt);
    const r = share(id);
    const answer: Answer = attempt > 1 ? 200 : r < FAULTS.webhookHangShare ? 'hang' : r < FAULTS.webhookHangShare + FAULTS.webhookFailShare ? 503 : 200;
    answers[n] = answer;
    return answer;
  };

  return {
    dir,
    pg,
    sql,
    smtp,
    imap,
    dns,
    hooks,
    answers,
    counts,
    mailboxes,
    async stop() {
      await hooks.stop();
      await smtp.stop();
      await imap.stop();
      await dns.stop();
      await sql.end().catch(() => undefined);
      await pg.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
