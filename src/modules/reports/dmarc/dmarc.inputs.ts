// Inputs of GET and PATCH /reports/dmarc (api.md Reports; decisions.md §6), shared by REST and GraphQL.
import { IsInt, IsString, Max, MaxLength, Min, ValidateIf } from 'class-validator';
import { ArgsType, Field, InputType, Int } from 'type-graphql';
import { Optional } from '../../../validation';

/** api.md Limits: the DMARC report covers 30 days unless asked otherwise; a year at most. */
export const DMARC_DEFAULT_DAYS = 30;
export const DMARC_MAX_DAYS = 365;

@ArgsType()
export class DmarcReportArgs {
  @Field(() => Int, { nullable: true, description: `Days back from now, 1 to ${DMARC_MAX_DAYS}; ${DMARC_DEFAULT_DAYS} when left out.` })
  @Optional()
  @IsInt({ message: '$property must be a whole number of days' })
  @Min(1)
  @Max(DMARC_MAX_DAYS)
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
