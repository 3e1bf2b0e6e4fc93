// POST /leads/:id/send: api.md names this body's fields in camelCase (mailboxId, replyTo).
import { IsString, IsUUID, Matches, MaxLength, ValidateIf } from 'class-validator';
import { Field, ID, InputType } from 'type-graphql';
import { IsEmailAddress } from '../../contracts/validation/rules';

const NotBlank = () => Matches(/\S/, { message: '$property must not be blank' });

@InputType({ description: "A new email (subject) or an answer in a reply's thread (replyTo); exactly one of the two." })
export class OneOffSendInput {
  @Field(() => ID) @IsUUID('all', { message: '$property must be a mailbox id' }) mailboxId!: string;

  @Field(() => String, { nullable: true })
  @ValidateIf((o: OneOffSendInput) => o.replyTo === undefined || o.replyTo === null || o.subject !== undefined)
  @IsString({ message: 'give exactly one of subject (a new email) or replyTo (an answer to a reply)' })
  @NotBlank()
  @MaxLength(998)
  subject?: string | null;

  @Field(() => ID, { nullable: true })
  @ValidateIf((o: OneOffSendInput) => o.replyTo !== undefined && o.replyTo !== null)
  @IsUUID('all', { message: '$property must be a reply id' })
  replyTo?: string | null;

  @Field() @IsString() @NotBlank() @MaxLength(100_000) body!: string;
}

// POST /leads/one-off (api.md Leads rule 3).
@InputType()
export class OneOffLeadInput {
  @Field() @IsEmailAddress() email!: string;
}
