// Why a prompt column's answer is flagged (decisions.md §7): kept in the cell's `review`, never written
// to the lead. Pure functions of the answer, the template and the lead's fields.
import { leadValue } from '../templates/field-names';
import { mergeFieldsOf } from '../templates/template-fields';

/** More than this many characters of a lead field repeated word for word flags the answer. */
export const REPEAT_LIMIT = 40;

// A link: a scheme, `www.`, or a bare host name ending in a top-level domain people link to. Host names
// are read as DNS allows them (labels of at most 63 characters, a few labels), so the pattern does a
// bounded amount of work from each start: unbounded labels backtracked quadratically on a page or answer
// of `a-a-a-…` (decisions.md §10).
const LINK =
  /\b(?:https?|ftp):\/\/|\bwww\.[a-z0-9-]|\b[a-z0-9-]{1,63}(?:\.[a-z0-9-]{1,63}){0,8}\.(?:com|net|org|io|co|ai|app|dev|info|biz|me|us|uk|de|fr|nl|es|it|eu|ca|au|ly|gl|to|gg|xyz|site|online|shop|store|tech|link|page)\b/i;
// Tried only where a run of address characters starts (an address found from inside a run is found
// from its start too), so a long run without an @ is read once, not once per character.
const EMAIL = /(?<![^\s@<>()])[^\s@<>()]+@[^\s@<>()]+\.[a-z]{2,}/i;

// Text written to steer a model rather than describe a lead.
const ADDRESSED_TO_MODEL = [
  /\b(?:ignore|disregard|forget|override|skip)\b[^.!?]{0,40}\b(?:previous|prior|above|earlier|preceding|all|any|your|the)\b[^.!?]{0,20}\b(?:instructions?|prompts?|messages?|rules|directions|context)\b/i,
  /\bsystem\s+(?:prompt|message|instructions?)\b/i,
  /\b(?:new|updated|real|actual)\s+instructions?\s*:/i,
  /\byou\s+are\s+(?:now\s+)?(?:an?\s+)?(?:ai|assistant|chat\s?bot|chatgpt|language\s+model|llm)\b/i,
  /\b(?:as\s+an\s+ai|language\s+model|jailbreak|developer\s+mode|do\s+anything\s+now)\b/i,
  /(?:^|\s)(?:system|assistant|user)\s*:\s*\S/i,
  /<\|?(?:im_start|im_end|system|endoftext)\|?>/i,
  /\b(?:instead|from\s+now\s+on)\b[^.!?]{0,30}\b(?:write|say|answer|respond|reply|output)\b/i,
];

export const hasLink = (text: string): boolean => LINK.test(text);
export const hasEmailAddress = (text: string): boolean => EMAIL.test(text);
export const addressesModel = (text: string): boolean => ADDRESSED_TO_MODEL.some((re) => re.test(text));

const normalize = (s: string) => s.toLowerCase().replace(/\s+/g, ' ').trim();

/** Whether `answer` repeats more than REPEAT_LIMIT characters of `field` word for word (case and
 *  whitespace runs aside): some window of REPEAT_LIMIT + 1 characters of the answer is in the field. */
export function repeats(answer: string, field: string): boolean {
  const a = normalize(answer);
  const f = normalize(field);
  const n = REPEAT_LIMIT + 1;
  if (a.length < n || f.length < n) return false;
  for (let i = 0; i + n <= a.length; i++) if (f.includes(a.slice(i, i + n))) return true;
  return false;
}

/** The lead fields a template names (lead fields only, not the sender's or unsubscribe). */
export function templateFields(template: string): string[] {
  return [
    ...new Set(
      mergeFieldsOf(template)
        .filter((f) => f.source === 'lead')
        .map((f) => f.field),
    ),
  ];
}

/**
 * Why an answer must not be used, or null. `own` is the column's own field, left out of the
 * repetition check (a rerun's earlier answer).
 */
export function flagReason(answer: string, template: string, vars: Readonly<Record<string, string>>, own: string): string | null {
  if (hasLink(answer)) return 'The answer contains a link.';
  if (hasEmailAddress(answer)) return 'The answer contains an email address.';
  const steered = templateFields(template).find((name) => addressesModel(leadValue(vars, name) ?? ''));
  if (steered) return `The lead field ${steered} carries text addressed to the model, so the answer may be steered by it.`;
  const repeated = Object.entries(vars).find(([name, value]) => name !== own && typeof value === 'string' && repeats(answer, value));
  if (repeated) return `The answer repeats more than ${REPEAT_LIMIT} characters of the lead field ${repeated[0]} word for word.`;
  return null;
}
