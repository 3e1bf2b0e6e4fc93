// Which column fields a campaign's emails use (decisions.md §7): the merge fields of the enabled variants
// of its email steps (subject and body). A merge field names a column's field exactly or in another
// case (merge.ts matches lead fields either way).
import type { EntityManager } from '@mikro-orm/postgresql';
import { mergeFieldsOf, type MergeField } from '../templates/render';
import { emailStepVariants } from './columns.queries';

export async function emailMergeFields(em: EntityManager, campaignId: string): Promise<MergeField[]> {
  const steps = await emailStepVariants(em, campaignId);
  return steps.flatMap((variants) => variants.filter((v) => v.enabled !== false).flatMap((v) => [...mergeFieldsOf(v.subject ?? ''), ...mergeFieldsOf(v.body ?? '')]));
}

/** The column names the fields use; `withoutFallback`: only where no fallback is written (a blank there
 *  would go out as a hole). */
export function usedNames(fields: readonly MergeField[], names: readonly string[], opts: { withoutFallback: boolean }): string[] {
  const used = new Set(fields.filter((f) => f.source === 'lead' && (!opts.withoutFallback || f.fallback === null)).map((f) => f.field.toLowerCase()));
  return names.filter((n) => used.has(n.toLowerCase()));
}
