// Inputs of the lead list use cases, for both doors.
import { IsString, Length, Matches } from 'class-validator';
import { Field, InputType } from 'type-graphql';

@InputType()
export class CreateLeadListInput {
  @Field() @IsString() @Length(1, 200) @Matches(/\S/, { message: '$property must not be blank' }) name!: string;
}
