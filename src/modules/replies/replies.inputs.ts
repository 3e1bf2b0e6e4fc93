// Inputs of the reply inbox use cases, for both doors: REST query strings and bodies are the snake_case
// of these field names (api.md Replies; decisions.md §6).
import { IsBoolean, IsIn, IsInt, IsString, IsUUID, Matches, Max, MaxLength, Min, ValidateIf } from 'class-validator';
import { Field, ID, InputType, Int } from 'type-graphql';
import { CursorField } from '../../contracts/pagination/keyset';
import { Nullable, Optional, parseQuery } from '../../contracts/validation/validate-input';
import { IsTimestamp } from '../../contracts/validation/rules';
import { INTEREST_LABELS } from '../leads/leads.inputs';

export const REPLY_KINDS = ['reply', 'bounce', 'auto_reply'] as const;
/** A reply item's status: an interest label, or `lead` until labelled (decisions.md §5, §6). */
export const REPLY_STATUSES = ['lead', ...INTEREST_LABELS] as const;
export const DEFAULT_REPLY_PAGE = 50;
export const MAX_REPLY_PAGE = 100;
export const MAX_REPLY_Q = 200;
/** The longest answer taken, as for a one-off email's body. */
export const MAX_ANSWER = 100_000;
const MAX_INT = 2_147_483_647;

const oneOf = (values: readonly string[]) => IsIn([...values], { message: `$property must be one of: ${values.join(', ')}` });
const NotBlank = () => Matches(/\S/, { message: '$property must not be blank' });

/** GET /replies: every filter is optional; null (or, in a query string, an empty value) is no filter. */
@InputType()
export class ReplyQueryInput {
  @Field(() => String, { nullable: true, description: REPLY_KINDS.join(', ') }) @Nullable() @oneOf(REPLY_KINDS) kind?: string | null;
  @Field(() => String, { nullable: true, description: `lead (not labelled yet) or an interest label (${INTEREST_LABELS.join(', ')}).` })
  @Nullable()
  @oneOf(REPLY_STATUSES)
  status?: string | null;
  @Field(() => Boolean, { nullable: true, description: 'true: only unread items (false or left out: read and unread).' })
  @Nullable()
  @IsBoolean()
  unread?: boolean | null;
  @Field(() => Boolean, {
    nullable: true,
    description: 'true: only untracked replies (matched no send or lead, not linked yet: decisions.md §11); false: only the others.',
  })
  @Nullable()
  @IsBoolean()
  untracked?: boolean | null;
  @Field(() => ID, { nullable: true }) @Nullable() @IsUUID('all') campaignId?: string | null;
  @Field(() => ID, { nullable: true, description: 'The inbox that received the items.' }) @Nullable() @IsUUID('all') mailboxId?: string | null;
  @Field(() => String, { nullable: true, description: "Part of the sender's address, the subject or the text, any case; % _ \\ match themselves." })
  @Nullable()
  @IsString()
  @MaxLength(MAX_REPLY_Q)
  q?: string | null;
  @Field(() => Int, { nullable: true, description: `Page size, ${DEFAULT_REPLY_PAGE} by default, 1 to ${MAX_REPLY_PAGE}.` })
  @Nullable()
  @IsInt()
  @Min(1)
  @Max(MAX_REPLY_PAGE)
  limit?: number | null;
  @Field(() => Int, { nullable: true, description: 'Rows skipped; not together with cursor.' }) @Nullable() @IsInt() @Min(0) @Max(MAX_INT) offset?: number | null;
  @CursorField() cursor?: string | null;
}

/** GET /replies query string: `unread` and `untracked` are booleans there, `true` or `false` (anything
 *  else stays text and is refused like any invalid value). */
export function parseReplyQuery(raw: Record<string, unknown>): Promise<ReplyQueryInput> {
  const bool = (v: unknown) => (v === 'true' ? true : v === 'false' ? false : v);
  const flags = Object.fromEntries((['unread', 'untracked'] as const).filter((k) => raw[k] !== undefined).map((k) => [k, bool(raw[k])]));
  return parseQuery(ReplyQueryInput, { ...raw, ...flags });
}

/** PATCH /replies/:id: status, is_read or both (the service refuses neither). */
@InputType()
export class UpdateReplyInput {
  @Field(() => String, { nullable: true, description: "An interest label, or lead to clear it; copied to the item's lead." })
  @Optional()
  @oneOf(REPLY_STATUSES)
  status?: string;
  @Field(() => Boolean, { nullable: true }) @Optional() @IsBoolean() isRead?: boolean;
}

/** POST /replies/:id/reply. */
@InputType()
export class ReplyAnswerInput {
  @Field({ description: 'The answer; merge fields are filled as in a one-off email, the inbox signature follows.' })
  @IsString()
  @NotBlank()
  @MaxLength(MAX_ANSWER)
  body!: string;
}

/** PATCH /replies/:id/assign: a member of the workspace, or null to unassign. The field must be sent. */
@InputType()
export class AssignReplyInput {
  @Field(() => ID, { nullable: true, description: 'A user of the workspace (GET /settings/members), or null.' })
  @ValidateIf((_o, v) => v !== null)
  @IsString({ message: '$property must be a user id, or null to unassign' })
  @MaxLength(100)
  userId!: string | null;
}

/** PATCH /replies/:id/snooze: hidden until then; null brings it back now. The field must be sent. */
@InputType()
export class SnoozeReplyInput {
  @Field(() => String, { nullable: true, description: 'An ISO 8601 timestamp with its offset (2026-12-01T09:00:00Z), or null.' })
  @ValidateIf((_o, v) => v !== null)
  @IsTimestamp()
  until!: string | null;
}

/** POST /replies/:id/link: the lead (of this workspace) an untracked reply comes from (decisions.md §11). */
@InputType()
export class LinkReplyInput {
  @Field(() => ID, { description: 'A lead of this workspace (GET /leads/search finds it).' })
  @IsUUID('all', { message: '$property must be a lead id' })
  leadId!: string;
}
