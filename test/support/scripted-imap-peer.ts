// A small IMAP server of our own for what Dovecot will not do on cue (decisions.md §6 cursor, §10 limits):
// add unsolicited FETCH rows to the answer of a size FETCH (what a server sends when another client
// changes a flag meanwhile, RFC 3501 §7) or bodies not asked for to a body FETCH, and state one RFC822.SIZE for a message then send a body of
// another size, up to a literal far over any limit, or an INTERNALDATE that is no date. It speaks just enough IMAP4rev1 for imapflow's
// read-only polling session: CAPABILITY, LOGIN, LIST/LSUB (INBOX only), EXAMINE, UID SEARCH (UID n:* and
// SINCE), UID FETCH of RFC822.SIZE and of BODY.PEEK[], NOOP and LOGOUT; anything else is answered BAD.
import net from 'node:net';
import { listenLocally } from './trickle-imap-peer';

export interface ScriptedMessage {
  uid: number;
  raw: Buffer;
  /** The RFC822.SIZE it states; its real size unless given. */
  statedSize?: number;
  /** Sent as its body instead of `raw`: a literal of this many bytes of filler. */
  bodyBytes?: number;
  /** Its INTERNALDATE as sent, between the quotes: 01-Dec-2026 10:00:00 +0000 unless given. */
  internalDate?: string;
}

export interface ScriptedImapOptions {
  /** Untagged lines added to the answer of a FETCH of RFC822.SIZE, after its rows, given the UIDs asked for. */
  duringSizeFetch?: (uids: number[]) => string[];
  /** UIDs whose bodies are added to the answer of a FETCH of bodies, after its rows, given the UIDs asked for. */
  bodiesDuringBodyFetch?: (uids: number[]) => number[];
  /** Answers a FETCH of bodies newest first (IMAP leaves the order to the server). */
  newestFirst?: boolean;
}

export interface ScriptedImapPeer {
  host: string;
  port: number;
  /** The mailbox (INBOX), in UID order; a test may add to it. */
  messages: ScriptedMessage[];
  /** Every command received (its name, upper-case, `UID FETCH` for UID commands), with its arguments. */
  commands: string[];
  /** Body bytes written to sockets so far, filler included. */
  bodyBytesSent: number;
  /** Connections open now. */
  readonly open: number;
  stop(): Promise<void>;
}

/** Whether `uid` is in an IMAP sequence set (`1:3,7,9:*`), `*` being the highest UID. */
function inSet(set: string, uid: number, max: number): boolean {
  return set.split(',').some((part) => {
    const [a, b = a] = part.split(':').map((x) => (x === '*' ? max : Number(x)));
    return uid >= Math.min(a!, b!) && uid <= Math.max(a!, b!);
  });
}

const FILLER = Buffer.alloc(64 * 1024, 'x');

export async function startScriptedImapPeer(opts: ScriptedImapOptions = {}): Promise<ScriptedImapPeer> {
  const sockets = new Set<net.Socket>();
  const peer: ScriptedImapPeer = {
    host: '127.0.0.1',
    port: 0,
    messages: [],
    commands: [],
    bodyBytesSent: 0,
    get open() {
      return sockets.size;
    },
    stop: async () => undefined,
  };

  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    /** Writes, waiting for the socket to drain; false once the socket is gone. */
    const write = async (data: string | Buffer): Promise<boolean> => {
      if (socket.destroyed) return false;
      if (socket.write(data)) return true;
      return new Promise((resolve) => {
        const done = (ok: boolean) => {
          socket.off('drain', drained);
          socket.off('close', closed);
          resolve(ok);
        };
        const drained = () => done(true);
        const closed = () => done(false);
        socket.on('drain', drained);
        socket.on('close', closed);
      });
    };
    const body = async (m: ScriptedMessage): Promise<boolean> => {
      if (m.bodyBytes === undefined) {
        peer.bodyBytesSent += m.raw.length;
        return write(m.raw);
      }
      for (let left = m.bodyBytes; left > 0; left -= FILLER.length) {
        const chunk = left >= FILLER.length ? FILLER : FILLER.subarray(0, left);
        if (!(await write(chunk))) return false;
        peer.bodyBytesSent += chunk.length;
      }
      return true;
    };

    const handle = async (line: string): Promise<void> => {
      const [tag = '*', ...words] = line.split(' ');
      let name = (words[0] ?? '').toUpperCase();
      let args = words.slice(1);
      if (name === 'UID') {
        name = `UID ${(args[0] ?? '').toUpperCase()}`;
        args = args.slice(1);
      }
      peer.commands.push([name, ...args].join(' '));
      const max = Math.max(0, ...peer.messages.map((m) => m.uid));
      if (name === 'CAPABILITY') await write(`* CAPABILITY IMAP4rev1\r\n${tag} OK done\r\n`);
      else if (name === 'LOGIN') await write(`${tag} OK [CAPABILITY IMAP4rev1] logged in\r\n`);
      else if (name === 'NOOP') await write(`${tag} OK done\r\n`);
      else if (name === 'LIST' || name === 'LSUB') {
        const all = args[1] !== '""';
        await write(`${all ? `* ${name} (\\HasNoChildren) "/" "INBOX"` : `* ${name} (\\Noselect) "/" ""`}\r\n${tag} OK done\r\n`);
      } else if (name === 'EXAMINE') {
        await write(
          `* FLAGS (\\Seen \\Flagged)\r\n* ${peer.messages.length} EXISTS\r\n* 0 RECENT\r\n* OK [UIDVALIDITY 7] UIDs valid\r\n* OK [UIDNEXT ${max + 1}] next\r\n${tag} OK [READ-ONLY] EXAMINE done\r\n`,
        );
      } else if (name === 'UID SEARCH') {
        // `UID n:*` (the next batch; `*` is always in it) or `SINCE` (the first poll): every message for SINCE.
        const uidAt = args.findIndex((a) => a.toUpperCase() === 'UID');
        const uids = peer.messages.map((m) => m.uid).filter((uid) => uidAt < 0 || inSet(args[uidAt + 1]!, uid, max));
        await write(`* SEARCH${uids.map((u) => ` ${u}`).join('')}\r\n${tag} OK SEARCH done\r\n`);
      } else if (name === 'UID FETCH') {
        const set = args[0]!;
        const items = args.slice(1).join(' ').toUpperCase();
        const asked = peer.messages.map((m, i) => ({ m, seq: i + 1 })).filter(({ m }) => inSet(set, m.uid, max));
        if (items.includes('BODY.PEEK[]')) {
          const more = opts.bodiesDuringBodyFetch?.(asked.map(({ m }) => m.uid)) ?? [];
          const extra = peer.messages.map((m, i) => ({ m, seq: i + 1 })).filter(({ m }) => more.includes(m.uid));
          for (const { m, seq } of opts.newestFirst ? [...asked, ...extra].reverse() : [...asked, ...extra]) {
            const size = m.bodyBytes ?? m.raw.length;
            if (!(await write(`* ${seq} FETCH (UID ${m.uid} INTERNALDATE "${m.internalDate ?? '01-Dec-2026 10:00:00 +0000'}" BODY[] {${size}}\r\n`))) return;
            if (!(await body(m))) return;
            if (!(await write(')\r\n'))) return;
          }
        } else if (items.includes('RFC822.SIZE')) {
          const rows = asked.map(({ m, seq }) => `* ${seq} FETCH (UID ${m.uid} RFC822.SIZE ${m.statedSize ?? m.raw.length})\r\n`);
          const extra = (opts.duringSizeFetch?.(asked.map(({ m }) => m.uid)) ?? []).map((l) => `${l}\r\n`);
          await write(rows.join('') + extra.join(''));
        } else return void (await write(`${tag} BAD only sizes and bodies are fetched here\r\n`));
        await write(`${tag} OK FETCH done\r\n`);
      } else if (name === 'LOGOUT') {
        await write(`* BYE logging out\r\n${tag} OK done\r\n`);
        socket.end();
      } else await write(`${tag} BAD not supported here\r\n`);
    };

    // Commands are answered one at a time, in order, however long an answer takes to write.
    let queue = Promise.resolve();
    let buffered = '';
    socket.on('data', (chunk: Buffer) => {
      buffered += chunk.toString('utf8');
      let end: number;
      while ((end = buffered.indexOf('\r\n')) >= 0) {
        const line = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        queue = queue.then(() => handle(line)).catch(() => void socket.destroy());
      }
    });
    void write('* OK [CAPABILITY IMAP4rev1] scripted peer ready\r\n');
  });
  Object.assign(peer, await listenLocally(server, sockets));
  return peer;
}
