// The SMTP thread (src/mail/smtp-thread.ts) against a real SMTP server on loopback: what the sending
// engine relies on when it hands messages over.
import { DISPATCH_LIMITS } from '../../src/mail/smtp-sender';
import { SmtpThread, ThreadedSmtpSessions } from '../../src/mail/smtp-thread';
import { startSmtpPeer, type SmtpPeer } from '../support/smtp-peer';

let peer: SmtpPeer;
let thread: SmtpThread;
beforeAll(async () => {
  peer = await startSmtpPeer();
});
beforeEach(() => {
  thread = new SmtpThread();
  peer.messages.length = 0;
  peer.logins.length = 0;
  peer.behaviour = {};
});
afterEach(() => thread.stop());
afterAll(() => peer.stop());

// The peer is on loopback: the address guard lets it through only with ALLOW_PRIVATE_FETCH's setting.
const SETTINGS = { allowPrivate: true, limits: DISPATCH_LIMITS };
const login = () => ({ host: peer.host, port: peer.port, secure: false, username: 'sender@example.com', password: 'smtp-secret' });
const message = (to: string, subject = 'Hello') => ({
  from: { name: 'Sam', address: 'sam@acme.test' },
  to: { name: '', address: to },
  subject,
  text: 'Hi there',
  date: new Date('2026-11-30T10:00:00Z'),
  headers: { 'List-Unsubscribe-Post': { prepared: true, value: 'List-Unsubscribe=One-Click' } },
});

describe('the SMTP thread', () => {
  it('sends each message with what the main thread composed, one pooled session per inbox', async () => {
    const sessions = new ThreadedSmtpSessions(thread, SETTINGS);
    const results = await Promise.all([
      sessions.send('inbox-a', login(), message('one@client.test', 'First')),
      sessions.send('inbox-a', login(), message('two@client.test', 'Second')),
      sessions.send('inbox-b', login(), message('three@client.test', 'Third')),
    ]);
    expect(results.map((r) => r.outcome)).toEqual(['accepted', 'accepted', 'accepted']);
    expect(results[0]).toMatchObject({ code: 250, senderRefused: false });
    expect(peer.messages.map((m) => m.envelope.rcptTo[0]).sort()).toEqual(['one@client.test', 'three@client.test', 'two@client.test']);
    const first = peer.messages.find((m) => m.envelope.rcptTo[0] === 'one@client.test')!;
    expect(first.raw).toMatch(/^Subject: First\r$/m);
    expect(first.raw).toMatch(/^Date: Mon, 30 Nov 2026 10:00:00 \+0000\r$/m);
    expect(first.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r$/m);
    // One login per inbox: inbox-a's two messages shared a session.
    expect(peer.logins).toHaveLength(2);
    sessions.close();
  });

  it('answers a refusal as a result, not an error', async () => {
    peer.behaviour = { rcpt: { code: 550, message: '5.1.1 No such user' } };
    const result = await new ThreadedSmtpSessions(thread, SETTINGS).send('inbox-a', login(), message('gone@client.test'));
    expect(result).toMatchObject({ outcome: 'rejected', code: 550, detail: expect.stringContaining('No such user') });
  });

  it('fails the messages it holds when it dies (their fate is unknown), and the next message starts a new thread', async () => {
    peer.behaviour = { delayMs: 2_000 };
    const sessions = new ThreadedSmtpSessions(thread, SETTINGS);
    const held = sessions.send('inbox-a', login(), message('one@client.test'));
    const failed = expect(held).rejects.toThrow(/SMTP thread was stopped/);
    // Stopped once the peer has the connection (not a fixed time after the call, which a loaded machine
    // may not have spent on handing the message over yet): its answers are seconds away.
    const connectionsBefore = peer.connections;
    for (let i = 0; i < 500 && peer.connections === connectionsBefore; i++) await new Promise((r) => setTimeout(r, 20));
    expect(peer.connections).toBe(connectionsBefore + 1);
    await thread.stop();
    await failed;

    peer.behaviour = {};
    expect(await new ThreadedSmtpSessions(thread, SETTINGS).send('inbox-a', login(), message('two@client.test'))).toMatchObject({ outcome: 'accepted' });
    expect(peer.messages.map((m) => m.envelope.rcptTo[0])).toEqual(['two@client.test']);
  });
});
