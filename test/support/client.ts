// A small HTTP client for tests: REST calls and typed GraphQL operations, as a signed-up user.
import { randomBytes, randomUUID } from 'node:crypto';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { print } from 'graphql';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export interface Reply<T = any> {
  status: number;
  body: T;
  headers: Headers;
  text: string;
}

export interface GraphQLReply<T> {
  data: T | null;
  errors?: { message: string; extensions?: { code?: string; status?: number; details?: Record<string, unknown> } }[];
}

/** A client address of its own (one IPv6 /64 of the documentation range 2001:db8::/32), sent as
 *  X-Forwarded-For, which the service trusts from loopback. Every test shares 127.0.0.1 and one
 *  database, so per-client limits (20 sign-ups an hour, decisions.md §10) would otherwise count the whole
 *  suite as one client. */
export function testClientAddress(): string {
  const [a, b] = randomBytes(4).toString('hex').match(/.{4}/g)!;
  return `2001:db8:${a}:${b}::1`;
}

export class Client {
  constructor(
    readonly baseUrl: string,
    readonly token: string | null = null,
    /** Sent as X-Forwarded-For: the address the service sees (req.ip); none: 127.0.0.1. */
    readonly clientAddress: string | null = null,
  ) {}

  withToken(token: string | null): Client {
    return new Client(this.baseUrl, token, this.clientAddress);
  }

  /** The same caller seen from another address. */
  from(clientAddress: string | null): Client {
    return new Client(this.baseUrl, this.token, clientAddress);
  }

  async request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Reply> {
    const init: RequestInit = { method, headers: { ...headers } };
    if (this.token) (init.headers as Record<string, string>).authorization = `Bearer ${this.token}`;
    if (this.clientAddress) (init.headers as Record<string, string>)['x-forwarded-for'] ??= this.clientAddress;
    if (body !== undefined) {
      if (typeof body === 'string' || body instanceof Uint8Array || body instanceof FormData) init.body = body as BodyInit;
      else {
        init.body = JSON.stringify(body);
        (init.headers as Record<string, string>)['content-type'] ??= 'application/json';
      }
    }
    const res = await fetch(this.baseUrl + path, init);
    const text = await res.text();
    let parsed: unknown = text;
    if ((res.headers.get('content-type') ?? '').includes('json')) parsed = JSON.parse(text);
    return { status: res.status, body: parsed, headers: res.headers, text };
  }

  get = (path: string) => this.request('GET', `/api${path}`);
  post = (path: string, body?: unknown) => this.request('POST', `/api${path}`, body ?? {});
  patch = (path: string, body: unknown) => this.request('PATCH', `/api${path}`, body);
  put = (path: string, body: unknown) => this.request('PUT', `/api${path}`, body);
  delete = (path: string) => this.request('DELETE', `/api${path}`);

  async gql<R, V>(doc: TypedDocumentNode<R, V>, variables?: V): Promise<GraphQLReply<R>> {
    const res = await this.request('POST', '/graphql', { query: print(doc), variables });
    return res.body as GraphQLReply<R>;
  }
}

export interface Account {
  client: Client;
  token: string;
  userId: string;
  workspaceId: string;
  email: string;
  password: string;
}

/** Signs up a fresh workspace and returns a client holding its session token. */
export async function signUp(baseUrl: string, overrides: Record<string, unknown> = {}): Promise<Account> {
  const email = `owner-${randomUUID()}@example.com`;
  const password = 'correct horse battery';
  const anon = new Client(baseUrl, null, testClientAddress());
  const res = await anon.post('/auth/signup', { email, password, workspace_name: 'Acme', ...overrides });
  if (res.status !== 201) throw new Error(`signup failed: ${res.status} ${res.text}`);
  return { client: anon.withToken(res.body.token), token: res.body.token, userId: res.body.user.id, workspaceId: res.body.workspace.id, email, password };
}

/** Asserts the decisions.md §3 error body and returns it. */
export function expectError(res: Reply, status: number, code?: string) {
  expect({ status: res.status, body: res.body }).toMatchObject({ status, body: { error: { ...(code ? { code } : {}), message: expect.any(String) } } });
  return res.body.error as { code: string; message: string; details?: Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
}
