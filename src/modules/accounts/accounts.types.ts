// GraphQL output types of the account area (the REST adapter shapes the same objects in snake_case).
import { Field, ID, Int, ObjectType } from 'type-graphql';

@ObjectType('User')
export class UserView {
  @Field(() => ID) id!: string;
  @Field() email!: string;
  @Field() name!: string;
  @Field() role!: string;
}

@ObjectType('Workspace')
export class WorkspaceView {
  @Field(() => ID) id!: string;
  @Field() name!: string;
  @Field() timezone!: string;
  @Field(() => Int) recentContactDays!: number;
  @Field({ description: 'off, daily or weekly: placement tests at 06:00 in the workspace zone (decisions.md §16).' }) placementSchedule!: string;
  @Field(() => Int, { nullable: true, description: 'An inbox whose placement test gives it a lower inbox rate pauses itself; null: never.' })
  placementProtectBelow!: number | null;
}

@ObjectType()
export class AuthPayload {
  @Field() token!: string;
  @Field(() => UserView) user!: UserView;
  @Field(() => WorkspaceView) workspace!: WorkspaceView;
}

@ObjectType()
export class Settings {
  @Field(() => WorkspaceView) workspace!: WorkspaceView;
  @Field(() => UserView, { nullable: true }) user!: UserView | null;
  @Field() verificationKeySet!: boolean;
}

@ObjectType('ApiKey')
export class ApiKeyView {
  @Field(() => ID) id!: string;
  @Field() name!: string;
  @Field(() => [String], { description: 'What the key may do (decisions.md §12); `all` for keys made without scopes.' }) scopes!: string[];
  @Field() createdAt!: Date;
  @Field(() => Date, { nullable: true }) lastUsedAt!: Date | null;
}

@ObjectType()
export class CreatedApiKey {
  @Field(() => ID) id!: string;
  @Field() name!: string;
  @Field({ description: 'Shown only here; store it now.' }) key!: string;
  @Field(() => [String], { description: 'What the key may do (decisions.md §12).' }) scopes!: string[];
  @Field() createdAt!: Date;
}

@ObjectType()
export class VerificationKeyStatus {
  @Field() verificationKeySet!: boolean;
}
