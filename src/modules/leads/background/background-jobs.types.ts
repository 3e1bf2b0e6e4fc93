// GraphQL output of background jobs (REST answers the same objects in snake_case).
import { GraphQLJSONObject } from 'graphql-scalars';
import { Field, ID, Int, ObjectType } from 'type-graphql';

@ObjectType({ description: 'How far a job has come: rows (import) or leads (export) done, of total when known.' })
export class BackgroundJobProgress {
  @Field(() => Int) done!: number;
  @Field(() => Int, { nullable: true, description: "Known as soon as the input is (a CSV's rows are counted as it is uploaded; a sheet once read)." })
  total!: number | null;
}

@ObjectType({ description: 'An async import or CSV export (decisions.md §12).' })
export class BackgroundJobView {
  @Field(() => ID) id!: string;
  @Field(() => String, { description: 'import or export.' }) kind!: string;
  @Field(() => String, { description: 'queued, running, done or failed.' }) status!: string;
  @Field(() => BackgroundJobProgress) progress!: BackgroundJobProgress;
  @Field(() => GraphQLJSONObject, {
    nullable: true,
    description:
      "Once done: an import's counts, as the synchronous import answers them over REST ({inserted, duplicates, blocklisted, invalid, in_another_campaign, contacted_recently}); an export's {url} of its CSV, kept 7 days.",
  })
  result!: Record<string, unknown> | null;
  @Field(() => GraphQLJSONObject, { nullable: true, description: 'Once failed: the error body ({code, message, details?}) the synchronous request would have answered.' })
  error!: Record<string, unknown> | null;
  @Field() createdAt!: Date;
  @Field(() => Date, { nullable: true }) finishedAt!: Date | null;
}

@ObjectType({ description: 'A page of jobs, newest first; pass nextCursor as cursor for the next page (null on the last).' })
export class BackgroundJobPage {
  @Field(() => [BackgroundJobView]) items!: BackgroundJobView[];
  @Field(() => String, { nullable: true }) nextCursor!: string | null;
}
