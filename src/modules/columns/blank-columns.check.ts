// decisions.md §7 (last bullet) and §3: activation is refused with `blank_columns` while a column that an
// email uses has no value for a lead that can still be emailed. A column counts as used when an enabled
// variant of an email step names its field in a merge field without a fallback; a reachable lead is not
// stopped, completed, bounced, unsubscribed or replied. One pass over the campaign's leads (SQL).
import { AppError } from '../../contracts/errors';
import type { LaunchCheck } from '../campaigns/launch-check';
import { blankCounts, columnNames } from './columns.queries';
import { emailMergeFields, usedNames } from './email-fields';

export const blankColumnsCheck: LaunchCheck = async (ctx, campaign) => {
  const columns = await columnNames(ctx.em, campaign.id);
  if (!columns.length) return null;
  const used = usedNames(await emailMergeFields(ctx.em, campaign.id), columns, { withoutFallback: true });
  const blanks = await blankCounts(ctx.em, campaign.id, used);
  if (!blanks.length) return null;
  const list = blanks.map((b) => `${b.name} (${b.leads} lead${b.leads === 1 ? '' : 's'})`).join(', ');
  return new AppError('blank_columns', `Leads still have blank columns the emails use: ${list}. Run the columns, fill the cells by hand, or give the merge fields a fallback.`, {
    columns: blanks,
  });
};
