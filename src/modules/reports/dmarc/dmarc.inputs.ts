// Inputs of GET and PATCH /reports/dmarc (api.md Reports; decisions.md §6), shared by REST and GraphQL.
import { IsString, MaxLength, ValidateIf } from 'class-validator';
import { ArgsType, Field, InputType } from 'type-graphql';
import { REPORT_MAX_DAYS, ReportDays } from '../report-days.inputs';

/** api.md Limits: the DMARC report covers 30 days unless asked otherwise; a year at most (REPORT_MAX_DAYS). */
export const DMARC_DEFAULT_DAYS = 30;

@ArgsType()
export class DmarcReportArgs {
  @ReportDays(`Days back from now, 1 to ${REPORT_MAX_DAYS}; ${DMARC_DEFAULT_DAYS} when left out.`)
  days?: number;
}

@InputType()
export class DmarcReportAddressInput {
  /** Required, but may be null (turns the report address off): undefined fails IsString. */
  @Field(() => String, { nullable: true, description: 'The address of a connected inbox (any case), or null to turn DMARC reading off.' })
  @ValidateIf((_o, v) => v !== null)
  @IsString({ message: '$property must be the address of a connected inbox, or null' })
  @MaxLength(320)
  reportAddress!: string | null;
}
