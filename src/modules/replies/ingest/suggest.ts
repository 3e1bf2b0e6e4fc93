// decisions.md §6 assisted interest: a suggestion per reply, never applied by itself; from the model
// endpoint when LLM_BASE_URL is set, else (or when the model fails) from the built-in rules.
import type { AppDeps } from '../../../runtime/context';
import { modelPrompt, parseModelAnswer, suggestInterest } from '../assisted-interest';
import { newText } from '../reply-text';
import type { ItemDraft } from './prepare';

/** A model that does not answer within this is skipped for the rules, so one slow call cannot hold a poll. */
const MODEL_TIMEOUT_MS = 15_000;

export interface Suggestion {
  interest: string | null;
  confidence: number | null;
}

export async function suggestFor(deps: AppDeps, item: ItemDraft): Promise<Suggestion> {
  if (item.cls.kind === 'bounce') return { interest: null, confidence: null };
  const words = newText(item.bodyText);
  if (deps.config.llm.baseUrl && item.cls.kind === 'reply') {
    try {
      const answer = parseModelAnswer(await deps.model.complete(modelPrompt(words, item.subject), { timeoutMs: MODEL_TIMEOUT_MS }));
      if (answer) return { interest: answer.interest, confidence: answer.confidence };
    } catch (err) {
      deps.log.warn('model suggestion failed; using the built-in rules', { error: (err as Error).message });
    }
  }
  if (item.cls.kind === 'auto_reply') return { interest: 'out_of_office', confidence: 0.9 };
  const rules = suggestInterest(words, item.subject);
  return { interest: rules.interest, confidence: rules.interest ? rules.confidence : null };
}
