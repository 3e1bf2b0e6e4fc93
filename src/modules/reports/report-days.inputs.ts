// The `days` argument of GET /reports/domains and GET /analytics/best-time (api.md Reports), shared by
// REST and GraphQL (and the DMARC report's): a whole number of days from 1 to 365, the report's own
// default when left out (api.md Limits: 14 days domains, 90 days best-time, 30 days DMARC).
import { IsInt, Max, Min } from 'class-validator';
import { ArgsType, Field, Int } from 'type-graphql';
import { Optional, parseQuery } from '../../contracts/validation/validate-input';

export const REPORT_MAX_DAYS = 365;
export const DOMAINS_DEFAULT_DAYS = 14;
export const BEST_TIME_DEFAULT_DAYS = 90;

/** The `days` field of a report's arguments: a whole number of days from 1 to REPORT_MAX_DAYS, optional. */
export function ReportDays(description: string): PropertyDecorator {
  const decorators = [Field(() => Int, { nullable: true, description }), Optional(), IsInt({ message: '$property must be a whole number of days' }), Min(1), Max(REPORT_MAX_DAYS)];
  return (target, key) => decorators.forEach((decorate) => decorate(target, key));
}

@ArgsType()
export class DomainsReportArgs {
  @ReportDays(`Days up to today, 1 to ${REPORT_MAX_DAYS}; ${DOMAINS_DEFAULT_DAYS} when left out.`)
  days?: number;
}

@ArgsType()
export class BestTimeArgs {
  @ReportDays(`Days back from now, 1 to ${REPORT_MAX_DAYS}; ${BEST_TIME_DEFAULT_DAYS} when left out.`)
  days?: number;
}

/** REST: `days` arrives as text; whole numbers become numbers, anything else stays text and is refused
 *  by the validator (400 validation_failed), as GET /reports/dmarc does. */
export const daysQuery = <T extends { days?: number }>(schema: new () => T) => ({
  schema,
  parse: (q: Record<string, unknown>) => parseQuery(schema, typeof q.days === 'string' && /^\d{1,9}$/.test(q.days) ? { ...q, days: Number(q.days) } : q),
});
