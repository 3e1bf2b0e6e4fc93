// A reply poller in a process of its own, for the test that kills one mid-poll: polls one inbox in
// small batches, slowly, against the test database (the test watches reply_item to know when to kill).
// Env: TEST_DATABASE_URL, TEST_DATA_DIR, INBOX_ID, NOW (ISO instant), POLL_DELAY_MS (wait before each fetch).
import 'reflect-metadata';
import { pollInbox } from '../../src/modules/replies/poll/poll-inbox';
import { imapClient } from '../../src/mail/imap-client';
import { startTestService } from './service';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function main() {
  const now = new Date(process.env.NOW!);
  const delayMs = Number(process.env.POLL_DELAY_MS ?? 0);
  // Each fetch waits a little, so the parent can kill the process between two committed batches.
  const imap = imapClient({ policy: { allowPrivate: true } });
  const slowImap = {
    ...imap,
    async open(...args: Parameters<typeof imap.open>) {
      const session = await imap.open(...args);
      return { ...session, fetchAfter: async (...args: Parameters<typeof session.fetchAfter>) => (await sleep(delayMs), session.fetchAfter(...args)) };
    },
  };
  const service = await startTestService({ clock: { now: () => new Date(now) }, ports: { imap: slowImap }, env: { ALLOW_PRIVATE_FETCH: 'true' } });
  const report = await pollInbox(service.deps, process.env.INBOX_ID!, { batch: 5 });
  console.log(JSON.stringify(report));
  await service.stop();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
