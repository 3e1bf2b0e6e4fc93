// A hostile IMAP server on 127.0.0.1 for the tests of IMAP deadlines (decisions.md §10): it answers just
// enough IMAP to be logged in to (CAPABILITY, LOGIN, the delimiter LIST, NOOP, LOGOUT), then answers every
// other command, or
// from the start its greeting (`trickle: 'greeting'`), by trickling bytes of a line it never finishes:
// one byte every `intervalMs`, which resets any socket idle timeout and never completes a response.
import net from 'node:net';

export interface TrickleImapPeer {
  host: string;
  port: number;
  /** Connections accepted so far. */
  connections: number;
  /** Connections open now. */
  readonly open: number;
  /** Command names received (LOGIN, LIST, …), in order, across connections. */
  commands: string[];
  stop(): Promise<void>;
}

export interface TrickleImapOptions {
  /** Trickle from the greeting on, or only once logged in (the default). */
  trickle?: 'greeting' | 'after-login';
  intervalMs?: number;
}

export async function startTrickleImapPeer(opts: TrickleImapOptions = {}): Promise<TrickleImapPeer> {
  const intervalMs = opts.intervalMs ?? 100;
  const sockets = new Set<net.Socket>();
  const peer: TrickleImapPeer = {
    host: '127.0.0.1',
    port: 0,
    connections: 0,
    get open() {
      return sockets.size;
    },
    commands: [],
    stop: async () => undefined,
  };

  const trickle = (socket: net.Socket, start: string) => {
    socket.write(start);
    const timer = setInterval(() => socket.write('x'), intervalMs);
    socket.once('close', () => clearInterval(timer));
  };

  const server = net.createServer((socket) => {
    peer.connections++;
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    if (opts.trickle === 'greeting') return trickle(socket, '* OK ');
    socket.write('* OK [CAPABILITY IMAP4rev1] trickle peer ready\r\n');
    let buffered = '';
    let trickling = false;
    socket.on('data', (chunk: Buffer) => {
      buffered += chunk.toString('latin1');
      let end: number;
      while (!trickling && (end = buffered.indexOf('\r\n')) >= 0) {
        const line = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        const [tag, name = ''] = line.split(' ');
        const command = name.toUpperCase();
        peer.commands.push(command);
        if (command === 'CAPABILITY') socket.write(`* CAPABILITY IMAP4rev1\r\n${tag} OK done\r\n`);
        else if (command === 'LOGIN') socket.write(`${tag} OK [CAPABILITY IMAP4rev1] logged in\r\n`);
        else if (command === 'NOOP') socket.write(`${tag} OK done\r\n`);
        // The hierarchy delimiter, which a client asks for while it sets its session up.
        else if (command === 'LIST' && line.endsWith(' "" ""')) socket.write(`* LIST (\\Noselect) "/" ""\r\n${tag} OK done\r\n`);
        else if (command === 'LOGOUT') socket.end(`* BYE\r\n${tag} OK bye\r\n`);
        else {
          trickling = true;
          trickle(socket, '* LIST () "/" "');
        }
      }
    });
  });
  Object.assign(peer, await listenLocally(server, sockets));
  return peer;
}

/** Listens on a free port of 127.0.0.1: the port, and a stop that ends the open sockets, then the server. */
export async function listenLocally(server: net.Server, sockets: ReadonlySet<net.Socket>): Promise<{ port: number; stop: () => Promise<void> }> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    stop: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
