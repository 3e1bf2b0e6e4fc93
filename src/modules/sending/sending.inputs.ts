import { ArrayMaxSize, ArrayMinSize, IsArray, IsString, IsUUID, Matches, MaxLength } from 'class-validator';
import { ArgsType, Field, ID } from 'type-graphql';
import { STATUS_LOOKUP_MAX } from './sending-status.service';

/** GET /sending-status?campaign_ids=a,b,…: the statuses of a page of campaigns in one request (the console's
 *  campaigns list). */
export class SendingStatusesQuery {
  @IsString()
  @Matches(/^[0-9a-fA-F-]{36}(,[0-9a-fA-F-]{36})*$/, { message: '$property must be comma-separated campaign ids' })
  @MaxLength(STATUS_LOOKUP_MAX * 37, { message: `$property names at most ${STATUS_LOOKUP_MAX} campaigns` })
  campaignIds!: string;
}

@ArgsType()
export class SendingStatusesArgs {
  @Field(() => [ID], { description: `Up to ${STATUS_LOOKUP_MAX} campaigns of the workspace; any other id is not_found.` })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(STATUS_LOOKUP_MAX)
  @IsUUID('all', { each: true, message: '$property must be a list of campaign ids' })
  campaignIds!: string[];
}
