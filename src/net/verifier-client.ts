// The real verifier port (ports.ts VerifierPort): NeverBounce v4 single check (decisions.md §5 Verifier),
// GET {VERIFIER_URL}/v4/single/check?key=KEY&email=ADDR through the outbound guard, with a deadline.
// The key travels in the query, as the API wants; it is never put in an error or a log line.
import { AppError } from '../contracts/errors';
import type { HttpPort, Verdict, VerifierPort, VerifierResult } from '../runtime/ports';
import { unreachable } from './http-client';

export const VERIFIER_TIMEOUT_MS = 20_000;
const VERIFIER_MAX_BYTES = 65_536;

/** decisions.md §5: valid→valid, invalid→invalid, disposable→risky, catchall→risky (counted as
 *  catch-all), unknown→unknown. The numeric form (result_as_int) is read too. */
const VERDICTS: Record<string, Verdict> = { valid: 'valid', invalid: 'invalid', disposable: 'risky', catchall: 'risky', unknown: 'unknown' };
const BY_NUMBER = ['valid', 'invalid', 'disposable', 'catchall', 'unknown'];

export function verdictOf(result: unknown): VerifierResult {
  const word = typeof result === 'number' ? (BY_NUMBER[result] ?? 'unknown') : String(result ?? 'unknown').toLowerCase();
  return { verdict: VERDICTS[word] ?? 'unknown', catchAll: word === 'catchall', result: word };
}

export function createVerifierClient(http: HttpPort, baseUrl: string, defaults: { timeoutMs?: number } = {}): VerifierPort {
  const timeoutMs = defaults.timeoutMs ?? VERIFIER_TIMEOUT_MS;
  return {
    async check(key: string, email: string): Promise<VerifierResult> {
      const url = `${baseUrl.replace(/\/+$/, '')}/v4/single/check?key=${encodeURIComponent(key)}&email=${encodeURIComponent(email)}`;
      let answer;
      try {
        answer = await http.request(url, { method: 'GET', headers: { accept: 'application/json' }, maxBytes: VERIFIER_MAX_BYTES, timeoutMs });
      } catch (err) {
        unreachable(err, 'The address verifier', 'verifier_unreachable', timeoutMs);
      }
      if (answer.status < 200 || answer.status >= 300) {
        throw new AppError('verifier_failed', `The address verifier answered HTTP ${answer.status}.`, { status: answer.status });
      }
      let body: { status?: unknown; result?: unknown; message?: unknown };
      try {
        body = JSON.parse(answer.text) as typeof body;
      } catch {
        throw new AppError('verifier_failed', 'The address verifier answered something that is not JSON.');
      }
      // NeverBounce answers HTTP 200 with status auth_failure, throttle_triggered, general_failure, …
      if (body.status !== 'success') {
        const said = typeof body.message === 'string' ? body.message.split(key).join('***').replace(/\s+/g, ' ').trim().slice(0, 300) : '';
        throw new AppError('verifier_failed', `The address verifier refused the check (${String(body.status)})${said ? `: ${said}` : '.'}`, {
          verifier_status: String(body.status),
        });
      }
      return verdictOf(body.result);
    },
  };
}
