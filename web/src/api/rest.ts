// REST calls: sign-in and sign-up (decisions.md §14), and what GraphQL does not carry (CSV upload with
// ?async=true, background job progress). The same Bearer token as GraphQL.
import { session, signOut } from '../auth/session';
import { ApiError, unreachable } from './errors';

interface ErrorBody {
  error?: { code?: string; message?: string; details?: Record<string, unknown> };
}

export async function rest<T>(method: string, path: string, body?: unknown, init: { contentType?: string; signal?: AbortSignal } = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = session()?.token;
  if (token) headers.Authorization = `Bearer ${token}`;
  let payload: BodyInit | undefined;
  if (body !== undefined) {
    const raw = typeof body === 'string' || body instanceof Blob || body instanceof FormData;
    payload = raw ? (body as BodyInit) : JSON.stringify(body);
    if (!(body instanceof FormData)) headers['Content-Type'] = init.contentType ?? 'application/json';
  }
  let res: Response;
  try {
    res = await fetch(`/api${path}`, { method, headers, body: payload, signal: init.signal });
  } catch (err) {
    throw unreachable(err);
  }
  const text = await res.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    throw new ApiError('bad_response', `The service answered ${res.status} with something other than JSON.`, res.status);
  }
  if (!res.ok) {
    const err = (json as ErrorBody | null)?.error;
    // A session that expired or was revoked: back to sign-in rather than a page of errors.
    if (res.status === 401 && token) signOut();
    throw new ApiError(err?.code ?? 'http_error', err?.message ?? `The service answered ${res.status}.`, res.status, err?.details);
  }
  return json as T;
}
