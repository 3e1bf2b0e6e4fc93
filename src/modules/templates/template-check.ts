// Saving a template (decisions.md §11): a broken block tag refuses the save with 400 `template_invalid`,
// `details: {…where, at}` naming the first one: where the text is (a step's `position`, `variant` and
// `field`, or the `field` of a saved reply, a one-off email, an answer to a reply or a column) and `at`,
// the character offset of the bad tag in that text. Merge fields and RANDOM cannot be broken (anything that is not a tag is text), so only
// `{{#…}}`, `{{else}}` and `{{/…}}` tags refuse.
import { AppError } from '../../contracts/errors';
import { firstTemplateError, templateErrorText } from './template-parse';

export interface TemplateText {
  text: string;
  /** Where the text is, as details name it: `{position, variant, field}` for a step. */
  where: Record<string, string | number | null>;
  /** The same for a person: `Step 2, variant 1, body`. */
  label: string;
}

/** template_invalid for the first text (in the order given) with a broken tag; null when none has one. */
export function templateProblem(texts: Iterable<TemplateText>): AppError | null {
  for (const t of texts) {
    const error = firstTemplateError(t.text);
    if (error) return new AppError('template_invalid', `${t.label}: ${templateErrorText(error)}. Fix the tag, or write it without braces.`, { ...t.where, at: error.at });
  }
  return null;
}

/** Throws template_invalid for the first text (in the order given) with a broken tag. */
export function checkTemplates(texts: Iterable<TemplateText>): void {
  const problem = templateProblem(texts);
  if (problem) throw problem;
}

/** An email written whole rather than as a step (a saved reply, a one-off email, an answer to a reply):
 *  template_invalid for a broken tag in its subject or body, `details: {field: "subject"|"body", at}`.
 *  A field left out (or a blank subject) is not checked. */
export function checkMessageTemplates(message: { subject?: string | null; body?: string }): void {
  const texts: TemplateText[] = [];
  if (message.subject) texts.push({ text: message.subject, where: { field: 'subject' }, label: 'The subject' });
  if (message.body !== undefined) texts.push({ text: message.body, where: { field: 'body' }, label: 'The body' });
  checkTemplates(texts);
}
