// decisions.md §6 assisted interest: a suggestion per reply, never applied by itself; from the model
// endpoint when LLM_BASE_URL is set, else (or when the model fails) from the built-in rules.
//
// decisions.md §10: one inbox's poll has a wall-clock deadline, and waiting on the model is part of the
// poll. So the model is asked under the poll's ModelBudget: once the poll's deadline has passed (or the
// service is stopping), or the poll has waited on the model for POLL_MODEL_BUDGET_MS, a call under way
// is dropped and every reply left gets the rules' suggestion at once. A model that accepts connections and
// never answers then costs a poll that budget, not 15 s for every 4 replies.
import type { AppDeps } from '../../../runtime/context';
import { modelPrompt, parseModelAnswer, suggestInterest } from '../assisted-interest';
import { newText } from '../reply-text';
import type { ItemDraft } from './prepare';

/** A model that does not answer within this is skipped for the rules, so one slow call cannot hold a poll. */
const MODEL_TIMEOUT_MS = 15_000;
/** How long one poll may wait on the model, from its first call: a quarter of the poll's 2-minute
 *  deadline, so two rounds of calls that time out (15 s) still leave the poll most of its time for the
 *  mail server and the writes. */
export const POLL_MODEL_BUDGET_MS = 30_000;

export interface Suggestion {
  interest: string | null;
  confidence: number | null;
}

/** When one poll stops asking the model: its own end (`pollSignal`: the deadline, the service stopping)
 *  or `budgetMs` after its first model call. One per poll. */
export class ModelBudget {
  private readonly spent = new AbortController();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly pollSignal: AbortSignal,
    private readonly budgetMs = POLL_MODEL_BUDGET_MS,
  ) {}

  /** The signal a model call runs under, or null when the poll no longer asks the model. */
  take(): AbortSignal | null {
    if (this.pollSignal.aborted || this.spent.signal.aborted) return null;
    if (!this.timer) {
      this.timer = setTimeout(() => this.spent.abort(new Error(`the poll's ${Math.round(this.budgetMs / 1000)} s for model suggestions are used up`)), this.budgetMs);
      this.timer.unref();
    }
    return AbortSignal.any([this.pollSignal, this.spent.signal]);
  }

  /** The poll is over. */
  clear(): void {
    clearTimeout(this.timer);
  }
}

/** The item's suggestion: the model's, while `budget` lets the poll ask it, else the rules'. */
export async function suggestFor(deps: AppDeps, item: ItemDraft, budget: ModelBudget): Promise<Suggestion> {
  if (item.cls.kind === 'bounce') return { interest: null, confidence: null };
  const words = newText(item.bodyText);
  const signal = deps.config.llm.baseUrl && item.cls.kind === 'reply' ? budget.take() : null;
  if (signal) {
    try {
      const answer = parseModelAnswer(await deps.model.complete(modelPrompt(words, item.subject), { timeoutMs: MODEL_TIMEOUT_MS, signal }));
      if (answer) return { interest: answer.interest, confidence: answer.confidence };
    } catch (err) {
      deps.log.warn('model suggestion failed; using the built-in rules', { error: (err as Error).message });
    }
  }
  if (item.cls.kind === 'auto_reply') return { interest: 'out_of_office', confidence: 0.9 };
  const rules = suggestInterest(words, item.subject);
  return { interest: rules.interest, confidence: rules.interest ? rules.confidence : null };
}
