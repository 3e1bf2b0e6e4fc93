// GraphQL types of the deliverability report (GET /reports/deliverability answers the same object in
// snake_case).
import { Field, Int, ObjectType } from 'type-graphql';

@ObjectType('SmtpCodeCount')
export class SmtpCodeCountView {
  @Field(() => Int, { nullable: true, description: 'SMTP reply code; null when no server answered (connection refused, timeout).' }) code!: number | null;
  @Field(() => String, { nullable: true, description: "RFC 3463 enhanced status code found in a refusal's text (5.1.1); null for accepted attempts or when none was given." })
  enhancedCode!: string | null;
  @Field({ description: 'accepted, deferred or rejected.' }) outcome!: string;
  @Field(() => Int) count!: number;
}

@ObjectType('SmtpAttemptCounts')
export class SmtpAttemptCountsView {
  @Field(() => Int, { description: 'Attempts the receiving server accepted (2xx).' }) accepted!: number;
  @Field(() => Int, { description: 'Attempts put off for a later try: 4xx, or no answer (connection, login).' }) deferred!: number;
  @Field(() => Int, { description: 'Attempts refused for good (5xx): hard bounces at send time.' }) rejected!: number;
  @Field(() => [SmtpCodeCountView], { description: 'Attempts by outcome, code and enhanced code, most first.' }) byCode!: SmtpCodeCountView[];
}

@ObjectType('BounceReasonCount')
export class BounceReasonCountView {
  @Field({ description: 'hard, soft or block.' }) category!: string;
  @Field(() => Int, { nullable: true }) code!: number | null;
  @Field(() => String, { nullable: true }) enhancedCode!: string | null;
  @Field(() => Int) count!: number;
  @Field({ description: 'The newest reason text of the group, as the server or the bounce message gave it.' }) example!: string;
}

@ObjectType('DeliverabilityInbox')
export class DeliverabilityInboxView {
  @Field() email!: string;
  @Field(() => Int, { description: 'Emails that left: accepted or rejected attempts (a bounce was sent, as in every rate).' }) sent!: number;
  @Field(() => Int, { description: 'Deferred attempts (one email may be deferred more than once).' }) deferred!: number;
  @Field(() => Int) rejected!: number;
  @Field(() => Int, { description: "People's replies (not auto-replies or bounces) the inbox received." }) answered!: number;
}

@ObjectType('DeliverabilityReport')
export class DeliverabilityReportView {
  @Field(() => Int, { description: 'The window: the last 7 × 24 hours up to now.' }) windowDays!: number;
  @Field(() => SmtpAttemptCountsView) smtp!: SmtpAttemptCountsView;
  @Field(() => [BounceReasonCountView], { description: 'Bounces recorded in the window by category and code, most first.' }) bounceReasons!: BounceReasonCountView[];
  @Field(() => [DeliverabilityInboxView], { description: 'Every connected inbox (and a deleted one that had activity in the window), by address.' })
  perInbox!: DeliverabilityInboxView[];
}
