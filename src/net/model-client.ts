// The real model port (ports.ts ModelPort): an OpenAI-compatible chat-completions endpoint
// (decisions.md §1: POST {LLM_BASE_URL}/chat/completions, Bearer LLM_API_KEY, model LLM_MODEL), through the
// outbound guard (ALLOW_PRIVATE_FETCH for a model on this machine or the local network), with a deadline.
// One call, never retried here: each call counts toward the workspace's monthly cap (decisions.md §5).
import type { Config } from '../runtime/config';
import { AppError } from '../contracts/errors';
import type { ChatMessage, CompleteOptions, HttpPort, ModelPort } from '../runtime/ports';
import { unreachable } from './http-client';

export const MODEL_TIMEOUT_MS = 60_000;
/** Largest answer read from the endpoint. */
export const MODEL_MAX_BYTES = 2_000_000;

const notConfigured = () =>
  new AppError('model_not_configured', 'No model endpoint is configured: set LLM_BASE_URL (with LLM_API_KEY and LLM_MODEL as the endpoint needs) to use prompt columns.');

/** The endpoint's own error message from an OpenAI-style body ({"error": {"message"}}), one short line. */
function endpointMessage(text: string): string | null {
  let message: unknown;
  try {
    const body = JSON.parse(text) as { error?: { message?: unknown } | string; message?: unknown };
    message = typeof body.error === 'string' ? body.error : (body.error?.message ?? body.message);
  } catch {
    message = null;
  }
  return typeof message === 'string' && message.trim() ? message.replace(/\s+/g, ' ').trim().slice(0, 300) : null;
}

export function createModelClient(http: HttpPort, llm: Config['llm'], defaults: { timeoutMs?: number } = {}): ModelPort {
  return {
    async complete(messages: ChatMessage[], opts: CompleteOptions = {}): Promise<string> {
      if (!llm.baseUrl) throw notConfigured();
      const timeoutMs = opts.timeoutMs ?? defaults.timeoutMs ?? MODEL_TIMEOUT_MS;
      const body = {
        ...(llm.model ? { model: llm.model } : {}),
        messages,
        ...(opts.maxTokens !== undefined ? { max_tokens: opts.maxTokens } : {}),
        ...(opts.temperature !== undefined ? { temperature: opts.temperature } : {}),
      };
      let answer;
      try {
        answer = await http.request(`${llm.baseUrl.replace(/\/+$/, '')}/chat/completions`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'application/json',
            ...(llm.apiKey ? { authorization: `Bearer ${llm.apiKey}` } : {}),
          },
          body: JSON.stringify(body),
          maxBytes: MODEL_MAX_BYTES,
          timeoutMs,
          ...(opts.signal ? { signal: opts.signal } : {}),
        });
      } catch (err) {
        unreachable(err, 'The model endpoint', 'model_unreachable', timeoutMs);
      }
      if (answer.status < 200 || answer.status >= 300) {
        const said = endpointMessage(answer.text);
        throw new AppError('model_failed', `The model endpoint answered HTTP ${answer.status}${said ? `: ${said}` : '.'}`, { status: answer.status });
      }
      let content: unknown;
      try {
        content = (JSON.parse(answer.text) as { choices?: { message?: { content?: unknown } }[] }).choices?.[0]?.message?.content;
      } catch {
        throw new AppError('model_failed', 'The model endpoint answered something that is not JSON.');
      }
      if (typeof content !== 'string') throw new AppError('model_failed', 'The model endpoint answered without a message (no choices[0].message.content).');
      return content;
    },
  };
}
