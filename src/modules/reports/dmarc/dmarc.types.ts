// GraphQL types of the DMARC report (GET /reports/dmarc answers the same object in snake_case).
import { Field, Int, ObjectType } from 'type-graphql';

@ObjectType('DmarcSource')
export class DmarcSourceView {
  @Field({ description: 'A sending IP address the reports name.' }) ip!: string;
  @Field(() => Int, { description: 'Messages it sent, summed over the reports.' }) count!: number;
}

@ObjectType('DmarcSummary')
export class DmarcSummaryView {
  @Field(() => Int) reports!: number;
  @Field(() => Int) messages!: number;
  @Field(() => Int, { description: 'Messages that passed DMARC: aligned DKIM or aligned SPF passed.' }) passed!: number;
  @Field(() => Int) dkimPassed!: number;
  @Field(() => Int) spfPassed!: number;
  @Field(() => Int, { description: 'Messages the receivers quarantined (disposition quarantine).' }) quarantined!: number;
  @Field(() => Int, { description: 'Messages the receivers rejected (disposition reject).' }) rejected!: number;
  @Field(() => [DmarcSourceView], { description: 'Sending IPs, most messages first (the top 100).' }) sources!: DmarcSourceView[];
}

@ObjectType('DmarcLatestReport')
export class DmarcLatestView {
  @Field({ description: 'The organisation that sent the report.' }) org!: string;
  @Field() reportId!: string;
  @Field({ description: 'Start of the period the report covers.' }) begin!: Date;
  @Field({ description: 'End of the period the report covers.' }) end!: Date;
  @Field(() => Int) messages!: number;
}

@ObjectType('DmarcReport')
export class DmarcReportView {
  @Field(() => String, { nullable: true, description: 'The inbox that receives aggregate reports; null when none is set.' }) reportAddress!: string | null;
  @Field(() => Int) windowDays!: number;
  @Field(() => DmarcSummaryView, { description: 'Reports whose period ended in the last windowDays days.' }) summary!: DmarcSummaryView;
  @Field(() => DmarcLatestView, { nullable: true, description: 'The newest report (by the end of its period), in the window or not; null before the first.' })
  latest!: DmarcLatestView | null;
}

@ObjectType('DmarcReportAddress')
export class DmarcReportAddressView {
  @Field(() => String, { nullable: true }) reportAddress!: string | null;
}
