// A small IMAP server of our own that offers Gmail's X-GM-EXT-1, for the one thing Dovecot cannot show:
// Gmail's inbox tabs (Promotions, Updates, Social, Forums), which a client learns only through
// `X-GM-RAW "category:…"` searches (decisions.md §16 `category`). It speaks just enough IMAP4rev1 for
// imapflow's read-only session: CAPABILITY, LOGIN, ID, NAMESPACE, ENABLE, LIST/LSUB with Gmail's folders
// and their special-use flags, EXAMINE, UID SEARCH (HEADER, UID sets, X-GM-RAW category:, OR, NOT, ALL and
// parenthesised groups), UID FETCH of HEADER.FIELDS, NOOP and LOGOUT. Any other command is answered BAD and
// recorded, so a test sees that nothing but reads was asked (no SELECT, STORE, COPY, MOVE, EXPUNGE).
//
// Like Gmail, a message in INBOX (or Spam) also shows in "[Gmail]/All Mail" (not Spam), and one that is
// archived shows there alone.
import net from 'node:net';
import { listenLocally } from './trickle-imap-peer';

export type GmailTab = 'primary' | 'promotions' | 'updates' | 'social' | 'forums';

export interface GmailMessage {
  uid: number;
  raw: string;
  tab: GmailTab;
}

export interface GmailImapPeer {
  host: string;
  port: number;
  /** Every command received (its name, upper-case, with UID for UID commands), in order. */
  commands: string[];
  /** Every X-GM-RAW query received. */
  rawQueries: string[];
  /** Puts a message in the mailbox: INBOX with its tab, Spam, or archived (All Mail alone). */
  add(raw: string, where: { folder: 'INBOX'; tab?: GmailTab } | { folder: 'Spam' } | { folder: 'Archive' }): void;
  stop(): Promise<void>;
}

const FOLDERS = [
  { path: 'INBOX', flags: ['\\HasNoChildren'] },
  { path: '[Gmail]', flags: ['\\HasChildren', '\\Noselect'] },
  { path: '[Gmail]/All Mail', flags: ['\\All', '\\HasNoChildren'] },
  { path: '[Gmail]/Drafts', flags: ['\\Drafts', '\\HasNoChildren'] },
  { path: '[Gmail]/Important', flags: ['\\HasNoChildren', '\\Important'] },
  { path: '[Gmail]/Sent Mail', flags: ['\\HasNoChildren', '\\Sent'] },
  { path: '[Gmail]/Spam', flags: ['\\HasNoChildren', '\\Junk'] },
  { path: '[Gmail]/Starred', flags: ['\\Flagged', '\\HasNoChildren'] },
  { path: '[Gmail]/Trash', flags: ['\\HasNoChildren', '\\Trash'] },
];
const CAPABILITIES = 'IMAP4rev1 ID NAMESPACE X-GM-EXT-1 UIDPLUS';

type Token = string | Token[];

/** Tokens of a command line: atoms, quoted strings (unquoted) and parenthesised lists. */
function tokenize(line: string): Token[] {
  const stack: Token[][] = [[]];
  let i = 0;
  while (i < line.length) {
    const c = line[i]!;
    if (c === ' ') i++;
    else if (c === '(') {
      const list: Token[] = [];
      stack[stack.length - 1]!.push(list);
      stack.push(list);
      i++;
    } else if (c === ')') {
      stack.pop();
      i++;
    } else if (c === '"') {
      let out = '';
      i++;
      while (i < line.length && line[i] !== '"') {
        if (line[i] === '\\') i++;
        out += line[i++];
      }
      i++;
      stack[stack.length - 1]!.push(out);
    } else {
      let out = '';
      while (i < line.length && !' ()'.includes(line[i]!)) out += line[i++];
      // BODY.PEEK[HEADER.FIELDS (A B)]: the bracket holds a list of its own.
      if (out.endsWith('[HEADER.FIELDS') || out.endsWith('[HEADER.FIELDS.NOT')) {
        const end = line.indexOf(']', i);
        out += line.slice(i, end + 1);
        i = end + 1;
      }
      stack[stack.length - 1]!.push(out);
    }
  }
  return stack[0]!;
}

/** Whether `uid` is in an IMAP sequence set (`1:3,7,9:*`). */
function inSet(set: string, uid: number, max: number): boolean {
  return set.split(',').some((part) => {
    const [a, b = a] = part.split(':').map((x) => (x === '*' ? max : Number(x)));
    return uid >= Math.min(a!, b!) && uid <= Math.max(a!, b!);
  });
}

/** The value of a header field of a raw message (first one, unfolded). */
function headerValue(raw: string, name: string): string | null {
  const head = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  const line = head.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line ? line.slice(name.length + 1).trim() : null;
}

/** The named header fields of a raw message, in their order, as a server returns HEADER.FIELDS. */
function headerFields(raw: string, names: string[]): string {
  const head = raw.split(/\r?\n\r?\n/)[0]!;
  const fields: string[] = [];
  let current: string | null = null;
  for (const line of head.split(/\r?\n/)) {
    if (/^[ \t]/.test(line) && current !== null) current += `\r\n${line}`;
    else {
      if (current !== null) fields.push(current);
      current = line;
    }
  }
  if (current !== null) fields.push(current);
  const wanted = new Set(names.map((n) => n.toLowerCase()));
  return fields.filter((f) => wanted.has(f.slice(0, f.indexOf(':')).trim().toLowerCase())).join('\r\n') + '\r\n\r\n';
}

/** `headerPadding`: bytes of filler added to every header-fields answer (a hostile server's oversized literal). */
export async function startGmailImapPeer(opts: { user: string; password: string; headerPadding?: number }): Promise<GmailImapPeer> {
  const boxes = new Map<string, GmailMessage[]>([
    ['INBOX', []],
    ['[Gmail]/Spam', []],
    ['[Gmail]/All Mail', []],
  ]);
  let nextUid = 1;
  const sockets = new Set<net.Socket>();
  const peer: GmailImapPeer = {
    host: '127.0.0.1',
    port: 0,
    commands: [],
    rawQueries: [],
    add(raw, where) {
      const m = { uid: nextUid++, raw, tab: where.folder === 'INBOX' ? (where.tab ?? 'primary') : 'primary' };
      if (where.folder === 'INBOX') boxes.get('INBOX')!.push(m);
      if (where.folder === 'Spam') boxes.get('[Gmail]/Spam')!.push(m);
      if (where.folder !== 'Spam') boxes.get('[Gmail]/All Mail')!.push(m);
    },
    stop: async () => undefined,
  };

  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    let selected: GmailMessage[] | null = null;
    let buffered = '';
    const send = (s: string) => socket.write(s);
    send(`* OK [CAPABILITY ${CAPABILITIES}] Gimap ready\r\n`);

    /** Messages of the selected folder matching the search keys (all of them: AND). */
    const matches = (keys: Token[], m: GmailMessage, max: number): boolean => {
      let i = 0;
      const one = (): boolean => {
        const k = keys[i++]!;
        if (Array.isArray(k)) return matchesAll(k);
        const key = k.toUpperCase();
        if (key === 'ALL') return true;
        if (key === 'OR') {
          const a = one();
          const b = one();
          return a || b;
        }
        if (key === 'NOT') return !one();
        if (key === 'UID') return inSet(String(keys[i++]), m.uid, max);
        if (key === 'HEADER') {
          const name = String(keys[i++]);
          const value = String(keys[i++]).toLowerCase();
          return (headerValue(m.raw, name) ?? '').toLowerCase().includes(value);
        }
        if (key === 'X-GM-RAW') {
          const q = String(keys[i++]);
          const tab = /^category:(promotions|updates|social|forums|primary)$/i.exec(q.trim());
          if (!tab) throw new Error(`unsupported X-GM-RAW query: ${q}`);
          return m.tab === tab[1]!.toLowerCase();
        }
        throw new Error(`unsupported search key ${key}`);
      };
      const matchesAll = (list: Token[]): boolean => matches(list, m, max);
      let ok = true;
      while (i < keys.length) ok = one() && ok;
      return ok;
    };

    const handle = (line: string) => {
      const [tag, ...rest] = tokenize(line) as string[];
      let name = String(rest[0] ?? '').toUpperCase();
      let args = rest.slice(1) as Token[];
      if (name === 'UID') {
        name = `UID ${String(args[0]).toUpperCase()}`;
        args = args.slice(1);
      }
      peer.commands.push(name);
      try {
        if (name === 'CAPABILITY') send(`* CAPABILITY ${CAPABILITIES}\r\n${tag} OK done\r\n`);
        else if (name === 'LOGIN') {
          if (args[0] === opts.user && args[1] === opts.password) send(`${tag} OK [CAPABILITY ${CAPABILITIES}] ${opts.user} authenticated\r\n`);
          else send(`${tag} NO [AUTHENTICATIONFAILED] Invalid credentials\r\n`);
        } else if (name === 'ID') send(`* ID ("name" "GImap")\r\n${tag} OK done\r\n`);
        else if (name === 'NAMESPACE') send(`* NAMESPACE (("" "/")) NIL NIL\r\n${tag} OK done\r\n`);
        else if (name === 'ENABLE' || name === 'NOOP') send(`${tag} OK done\r\n`);
        else if (name === 'LIST' || name === 'LSUB') {
          const pattern = String(args[1] ?? '');
          const out = pattern === '' ? `* ${name} (\\Noselect) "/" ""\r\n` : FOLDERS.map((f) => `* ${name} (${f.flags.join(' ')}) "/" "${f.path}"\r\n`).join('');
          send(`${out}${tag} OK done\r\n`);
        } else if (name === 'EXAMINE') {
          const box = boxes.get(String(args[0]) === 'INBOX' || String(args[0]).toUpperCase() === 'INBOX' ? 'INBOX' : String(args[0]));
          const known = FOLDERS.some((f) => f.path === args[0] || (String(args[0]).toUpperCase() === 'INBOX' && f.path === 'INBOX'));
          if (!known) return send(`${tag} NO [NONEXISTENT] Unknown mailbox\r\n`);
          selected = box ?? [];
          send(
            `* FLAGS (\\Seen \\Flagged)\r\n* ${selected.length} EXISTS\r\n* 0 RECENT\r\n* OK [UIDVALIDITY 7] UIDs valid\r\n* OK [UIDNEXT ${nextUid}] next\r\n${tag} OK [READ-ONLY] EXAMINE done\r\n`,
          );
        } else if (name === 'UID SEARCH') {
          if (!selected) return send(`${tag} BAD no mailbox selected\r\n`);
          const max = Math.max(0, ...selected.map((m) => m.uid));
          const keys = args[0] === 'CHARSET' ? args.slice(2) : args;
          const flat = (ts: Token[]): Token[] => ts.flatMap((t) => (Array.isArray(t) ? flat(t) : [t]));
          flat(keys).forEach((t, i, all) => t === 'X-GM-RAW' && peer.rawQueries.push(String(all[i + 1])));
          const uids = selected.filter((m) => matches(keys, m, max)).map((m) => m.uid);
          send(`* SEARCH${uids.map((u) => ` ${u}`).join('')}\r\n${tag} OK SEARCH done\r\n`);
        } else if (name === 'UID FETCH') {
          if (!selected) return send(`${tag} BAD no mailbox selected\r\n`);
          const set = String(args[0]);
          const items = (Array.isArray(args[1]) ? args[1] : args.slice(1)).map(String);
          const section = items.find((i) => /^BODY\.PEEK\[HEADER\.FIELDS/i.test(i));
          if (items.some((i) => /^BODY\[/i.test(i))) throw new Error('only BODY.PEEK is read here');
          const names = section ? section.slice(section.indexOf('(') + 1, section.indexOf(')')).split(' ') : [];
          const max = Math.max(0, ...selected.map((m) => m.uid));
          selected.forEach((m, index) => {
            if (!inSet(set, m.uid, max)) return;
            const parts = [`UID ${m.uid}`];
            let literal = '';
            if (section) {
              literal = headerFields(m.raw, names) + (opts.headerPadding ? `X-Pad: ${'x'.repeat(opts.headerPadding)}\r\n` : '');
              parts.push(`${section.replace(/^BODY\.PEEK/i, 'BODY')} {${Buffer.byteLength(literal)}}\r\n${literal}`);
            }
            send(`* ${index + 1} FETCH (${parts.join(' ')})\r\n`);
          });
          send(`${tag} OK FETCH done\r\n`);
        } else if (name === 'LOGOUT') {
          send(`* BYE logging out\r\n${tag} OK done\r\n`);
          socket.end();
        } else send(`${tag} BAD not supported here\r\n`);
      } catch (err) {
        send(`${tag} BAD ${(err as Error).message}\r\n`);
      }
    };

    socket.on('data', (chunk: Buffer) => {
      buffered += chunk.toString('utf8');
      let end: number;
      while ((end = buffered.indexOf('\r\n')) >= 0) {
        const line = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        handle(line);
      }
    });
  });
  Object.assign(peer, await listenLocally(server, sockets));
  return peer;
}
