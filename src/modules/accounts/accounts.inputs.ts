import { ArrayMaxSize, ArrayNotEmpty, ArrayUnique, IsArray, IsIn, IsInt, IsString, Length, Max, Min, MinLength } from 'class-validator';
import { PLACEMENT_SCHEDULES, type PlacementSchedule } from './workspace.entity';
import { Field, InputType, Int } from 'type-graphql';
import { API_SCOPES, type ApiScope } from '../../contracts/api-scopes';
import { Nullable, Optional } from '../../contracts/validation/validate-input';
import { IsEmailAddress, IsTimeZone } from '../../contracts/validation/rules';

@InputType()
export class SignupInput {
  @Field() @IsEmailAddress() email!: string;
  @Field() @IsString() @MinLength(10, { message: 'password must be at least 10 characters' }) password!: string;
  @Field() @IsString() @Length(1, 200) workspaceName!: string;
  @Field(() => String, { nullable: true }) @Nullable() @IsTimeZone() timezone?: string | null;
}

@InputType()
export class LoginInput {
  @Field() @IsString() email!: string;
  @Field() @IsString() password!: string;
}

@InputType()
export class UpdateWorkspaceInput {
  @Field({ nullable: true }) @Optional() @IsString() @Length(1, 200) name?: string;
  @Field({ nullable: true }) @Optional() @IsTimeZone() timezone?: string;
  @Field(() => Int, { nullable: true }) @Optional() @IsInt() @Min(0) @Max(3650) recentContactDays?: number;
  // decisions.md §16
  @Field(() => String, {
    nullable: true,
    description: 'off, daily or weekly (Mondays): a placement test of every active sending inbox to every seed at 06:00 in the workspace zone.',
  })
  @Optional()
  @IsIn(PLACEMENT_SCHEDULES)
  placementSchedule?: PlacementSchedule;
  @Field(() => Int, { nullable: true, description: 'An inbox whose placement test gives it an inbox rate below this (1 to 100) pauses itself; null: never.' })
  @Nullable()
  @IsInt()
  @Min(1)
  @Max(100)
  placementProtectBelow?: number | null;
}

@InputType()
export class CreateApiKeyInput {
  @Field() @IsString() @Length(1, 100) name!: string;
  // decisions.md §12: from the fixed list, each once, at least one; left out means `all`.
  @Field(() => [String], { nullable: true, description: `What the key may do, each once: ${API_SCOPES.join(', ')}. Left out: all.` })
  @Optional()
  @IsArray()
  @ArrayNotEmpty({ message: 'scopes must name at least one scope (leave it out for all)' })
  @ArrayMaxSize(API_SCOPES.length)
  @ArrayUnique({ message: 'scopes must not name a scope twice' })
  @IsIn([...API_SCOPES], { each: true, message: `each of scopes must be one of: ${API_SCOPES.join(', ')}` })
  scopes?: ApiScope[];
}

@InputType()
export class VerificationKeyInput {
  @Field() @IsString() @Length(1, 500) key!: string;
}

@InputType()
export class CreateMemberInput {
  @Field() @IsEmailAddress() email!: string;
  @Field() @IsString() @Length(1, 200) name!: string;
  @Field() @IsString() @MinLength(10, { message: 'password must be at least 10 characters' }) password!: string;
  @Field() @IsIn(['owner', 'member']) role!: 'owner' | 'member';
}
