// GraphQL types of the inbox checks: the connection test (testMailbox) and domain health (domainHealth).
// REST returns the same objects (the domain health report in snake_case).
import { IsString, Matches, MaxLength } from 'class-validator';
import { ArgsType, Field, ObjectType } from 'type-graphql';
import { Optional } from '../../contracts/validation/validate-input';

@ObjectType('ConnectionCheck')
export class ConnectionCheckView {
  @Field() ok!: boolean;
  @Field({ description: 'A short line: what was logged in to, or what the server answered.' }) detail!: string;
}

@ObjectType('MailboxTestResult')
export class MailboxTestResultView {
  @Field(() => ConnectionCheckView) smtp!: ConnectionCheckView;
  @Field(() => ConnectionCheckView) imap!: ConnectionCheckView;
  @Field({ description: 'The inbox status after the test: a pass moves bounce_stopped to active.' }) status!: string;
}

@ObjectType('DomainCheck')
export class DomainCheckView {
  @Field({ description: 'spf, dkim, dmarc, mx or blocklist' }) key!: string;
  @Field() label!: string;
  @Field({ description: 'ok, warn, fail or unknown' }) status!: string;
  @Field() detail!: string;
  @Field(() => String, { nullable: true, description: 'null for ok checks; otherwise what to do' }) fix!: string | null;
  @Field(() => String, { nullable: true, description: 'the record found or the DKIM selector' }) value!: string | null;
}

@ObjectType('DomainHealth')
export class DomainHealthView {
  @Field() domain!: string;
  @Field(() => [DomainCheckView]) checks!: DomainCheckView[];
}

@ObjectType('DomainHealthReport')
export class DomainHealthReportView {
  @Field() checkedAt!: Date;
  @Field(() => [DomainHealthView]) domains!: DomainHealthView[];
}

@ArgsType()
export class DomainHealthArgs {
  /** A DKIM selector: DNS labels (letters, digits, - and _) separated by dots; empty means none. */
  @Field(() => String, { nullable: true, description: 'DKIM selector to try before the common ones' })
  @Optional()
  @IsString()
  @MaxLength(200)
  @Matches(/^([A-Za-z0-9_-]{1,63}(\.[A-Za-z0-9_-]{1,63})*)?$/, { message: 'selector must be a DKIM selector (letters, digits, "-", "_" and dots)' })
  selector?: string;
}
