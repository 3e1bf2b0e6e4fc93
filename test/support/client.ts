// A small HTTP client for tests: REST calls and typed GraphQL operations, as a signed-up user.
import { randomUUID } from 'node:crypto';
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

export class Client {
  constructor(
    readonly baseUrl: string,
    readonly token: string | null = null,
  ) {}

  withToken(token: string | null): Client {
    return new Client(this.baseUrl, token);
  }

  async request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Reply> {
    const init: RequestInit = { method, headers: { ...headers } };
    if (this.token) (init.headers as Record<string, string>).authorization = `Bearer ${this.token}`;
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
  const res = await new Client(baseUrl).post('/auth/signup', { email, password, workspace_name: 'Acme', ...overrides });
  if (res.status !== 201) throw new Error(`signup failed: ${res.status} ${res.text}`);
  return { client: new Client(baseUrl, res.body.token), token: res.body.token, userId: res.body.user.id, workspaceId: res.body.workspace.id, email, password };
}

/** Asserts the decisions.md §3 error body and returns it. */
export function expectError(res: Reply, status: number, code?: string) {
  expect({ status: res.status, body: res.body }).toMatchObject({ status, body: { error: { ...(code ? { code } : {}), message: expect.any(String) } } });
  return res.body.error as { code: string; message: string; details?: Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
}
