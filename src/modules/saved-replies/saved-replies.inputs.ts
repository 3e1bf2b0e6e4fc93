// Inputs of the saved-reply use cases, for both doors (REST bodies are the snake_case of these names).
import { IsString, IsUUID, Matches, MaxLength } from 'class-validator';
import { Field, ID, InputType } from 'type-graphql';
import { Nullable, Optional } from '../../contracts/validation/validate-input';
import { MAX_ANSWER } from '../replies/replies.inputs';

export const MAX_SAVED_REPLY_NAME = 200;
/** A subject is one header line; RFC 5322 lines stop at 998 characters. */
export const MAX_SAVED_REPLY_SUBJECT = 998;

const NotBlank = () => Matches(/\S/, { message: '$property must not be blank' });

@InputType()
export class CreateSavedReplyInput {
  @Field({ description: 'Unique in the workspace.' }) @IsString() @NotBlank() @MaxLength(MAX_SAVED_REPLY_NAME) name!: string;
  @Field(() => String, { nullable: true, description: "null or left out: an answer keeps the thread's subject (Re: …)." })
  @Nullable()
  @IsString()
  @MaxLength(MAX_SAVED_REPLY_SUBJECT)
  subject?: string | null;
  @Field({ description: 'The text; {{firstName|fallback}}, {{sendingAccountFirstName}} and any lead field are filled when rendered.' })
  @IsString()
  @NotBlank()
  @MaxLength(MAX_ANSWER)
  body!: string;
}

/** PATCH /saved-replies/:id: any of the fields (at least one; the service refuses none). */
@InputType()
export class UpdateSavedReplyInput {
  @Field(() => String, { nullable: true }) @Optional() @IsString() @NotBlank() @MaxLength(MAX_SAVED_REPLY_NAME) name?: string;
  @Field(() => String, { nullable: true, description: 'null clears it.' }) @Nullable() @IsString() @MaxLength(MAX_SAVED_REPLY_SUBJECT) subject?: string | null;
  @Field(() => String, { nullable: true }) @Optional() @IsString() @NotBlank() @MaxLength(MAX_ANSWER) body?: string;
}

/** POST /saved-replies/:id/render: `{reply_id}` or `{lead_id, mailbox_id}`, exactly one of the two forms
 *  (the service checks the combination). */
@InputType()
export class RenderSavedReplyInput {
  @Field(() => ID, { nullable: true, description: 'A reply inbox item: its lead and the inbox that received it.' })
  @Optional()
  @IsUUID('all')
  replyId?: string;
  @Field(() => ID, { nullable: true, description: 'With mailbox_id: a lead of this workspace.' }) @Optional() @IsUUID('all') leadId?: string;
  @Field(() => ID, { nullable: true, description: 'With lead_id: the inbox whose sender fields are used.' }) @Optional() @IsUUID('all') mailboxId?: string;
}
