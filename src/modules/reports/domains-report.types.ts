// GraphQL types of the domains report (GET /reports/domains answers the same object in snake_case).
import { Field, Int, ObjectType } from 'type-graphql';

@ObjectType('DomainDayPoint')
export class DomainDayPointView {
  @Field({ description: 'YYYY-MM-DD in the workspace timezone.' }) day!: string;
  @Field(() => Int, { description: "Emails the domain's inboxes sent that day (what counted against their caps)." }) sent!: number;
  @Field(() => Int, { description: "What the domain could send that day: its inboxes' ramp caps added up, held to the domain cap when one is set." })
  allowed!: number;
}

@ObjectType('SendingDomain')
export class SendingDomainView {
  @Field({ description: "The domain of the inboxes' addresses." }) domain!: string;
  @Field(() => Int, { description: 'Connected inboxes on the domain now.' }) inboxes!: number;
  @Field(() => Int, { nullable: true, description: 'The domain daily cap: the smallest set on any of its inboxes; null when none is set.' }) domainCap!: number | null;
  @Field(() => [DomainDayPointView], { description: 'One point per day of `days`, oldest first.' }) points!: DomainDayPointView[];
}

@ObjectType('DomainsReport')
export class DomainsReportView {
  @Field(() => [String], { description: 'The days covered, oldest first, ending today (workspace timezone).' }) days!: string[];
  @Field(() => [SendingDomainView], { description: 'Every sending domain, by name.' }) domains!: SendingDomainView[];
}
