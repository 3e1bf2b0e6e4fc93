// decisions.md §1: SIGTERM ends within 10 s whatever is running, with the embedded database stopped
// and exit 0. `src/main.ts` runs on a private DATA_DIR (its own embedded PostgreSQL) with DNS_SERVERS
// pointing at a port that drops every query; a lead import queues the provider look-up, which waits on
// that DNS, and a connection test waits on a mail server that accepts and never says a word. It used to
// take 70 s (the job runner waited for the look-up), and a supervisor's grace period killed it with its
// database left running. The measured stop is printed.
import dgram from 'node:dgram';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { signUp } from '../support/client';
import { killServiceProcess, postgresFor, startServiceProcess, waitUntil, type ServiceProcess } from '../support/service-process';

jest.setTimeout(300_000);

let dns: dgram.Socket;
let dnsQueries = 0;
let silent: net.Server;
const silentSockets: net.Socket[] = [];
let dataDir: string;
let service: ServiceProcess | null = null;

beforeAll(async () => {
  dns = dgram.createSocket('udp4');
  dns.on('message', () => dnsQueries++);
  await new Promise<void>((resolve) => dns.bind(0, '127.0.0.1', resolve));
  silent = net.createServer((socket) => void silentSockets.push(socket));
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'outreach-sigterm-'));
});

afterAll(async () => {
  if (service) await killServiceProcess(service);
  dns.close();
  for (const s of silentSockets) s.destroy();
  await new Promise<void>((resolve) => silent.close(() => resolve()));
  fs.rmSync(dataDir, { recursive: true, force: true });
});

it('exits 0 within 10 s with its embedded database stopped while a job and a request wait on peers that never answer', async () => {
  service = await startServiceProcess(
    { DATA_DIR: dataDir, DATABASE_URL: '', DNS_SERVERS: `127.0.0.1:${(dns.address() as net.AddressInfo).port}`, ALLOW_PRIVATE_FETCH: 'true' },
    120_000,
  );
  const me = await signUp(service.url);
  const campaign = (await me.client.post('/campaigns', { name: 'Stop' })).body;
  // Leads on 500 domains: the look-up after the import asks DNS for each.
  const csv = ['email', ...Array.from({ length: 500 }, (_, i) => `lead${i}@domain-${i}.example`)].join('\n');
  const imported = await me.client.request('POST', `/api/campaigns/${campaign.id}/leads`, csv, { 'content-type': 'text/csv' });
  expect(imported.body).toMatchObject({ inserted: 500 });
  expect(
    await waitUntil(
      async () => dnsQueries,
      (n) => n > 0,
      60_000,
    ),
  ).toBeGreaterThan(0);

  const silentPort = (silent.address() as net.AddressInfo).port;
  const inbox = (
    await me.client.post('/mailboxes', {
      email: 'sales@stop.example',
      from_name: 'Sam',
      smtp_host: '127.0.0.1',
      smtp_port: silentPort,
      smtp_secure: false,
      imap_host: '127.0.0.1',
      imap_port: silentPort,
      username: 'sam',
      password: 'app-password',
      daily_cap: 30,
    })
  ).body;
  // In flight until the stop closes its connection.
  const testing = me.client.post(`/mailboxes/${inbox.id}/test`).catch((err: Error) => err);
  expect(
    await waitUntil(
      async () => silentSockets.length,
      (n) => n > 0,
      30_000,
    ),
  ).toBeGreaterThan(0);

  const signalled = Date.now();
  service.child.kill('SIGTERM');
  const code = await waitUntil(
    async () => service!.child.exitCode ?? service!.child.signalCode,
    (c) => c !== null,
    90_000,
  );
  const ms = Date.now() - signalled;
  console.log(`SIGTERM to exit: ${ms} ms (${dnsQueries} DNS queries dropped meanwhile)`);
  await testing;
  expect({ code, stopped: service.output().includes('"msg":"stopped"') }).toEqual({ code: 0, stopped: true });
  expect(ms).toBeLessThan(10_000);
  expect(postgresFor(dataDir)).toBe('');
  // The look-up stopped at its safe point when told to (its DNS waits end at once), rather than being
  // given up at the end of the runner's grace.
  expect(service.logs('job run still going at stop; its job is given back')).toEqual([]);
});
