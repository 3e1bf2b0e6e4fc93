// Which column fields a campaign's emails use (decisions.md §7): the merge fields of the enabled variants
// of its email steps (subject and body). A merge field names a column's field when the names match as
// templates/field-names.ts matches them (exactly, or ignoring case, spaces, underscores and hyphens).
import type { EntityManager } from '@mikro-orm/postgresql';
import { fieldKey } from '../templates/field-names';
import { conditionFieldsOf, mergeFieldsOf, type MergeField } from '../templates/template-fields';
import { templateOf } from '../templates/template-parse';
import { emailStepVariants } from './columns.queries';

export interface EmailFields {
  merge: MergeField[];
  /** The fields conditions test (`{{#if field}}`): a blank one changes which branch is sent. */
  conditions: string[];
}

export async function emailMergeFields(em: EntityManager, campaignId: string): Promise<EmailFields> {
  const steps = await emailStepVariants(em, campaignId);
  const texts = steps.flatMap((variants) => variants.filter((v) => v.enabled !== false).flatMap((v) => [v.subject ?? '', v.body ?? ''])).map((t) => templateOf(t));
  return { merge: texts.flatMap((t) => mergeFieldsOf(t)), conditions: texts.flatMap((t) => conditionFieldsOf(t)) };
}

/**
 * The column names the emails use. `withoutFallback` (the launch check for blank columns): only merge
 * fields that may go out as a hole: no fallback written, and not inside a condition on that very field
 * (decisions.md §11). Otherwise (a column in use): any merge field or condition naming it.
 */
export function usedNames(fields: EmailFields, names: readonly string[], opts: { withoutFallback: boolean }): string[] {
  const lead = fields.merge.filter((f) => f.source === 'lead');
  const used = opts.withoutFallback ? lead.filter((f) => f.fallback === null && !f.guarded).map((f) => f.field) : [...lead.map((f) => f.field), ...fields.conditions];
  const keys = new Set(used.map(fieldKey));
  return names.filter((n) => keys.has(fieldKey(n)));
}
