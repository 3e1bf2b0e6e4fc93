// GraphQL output types of the OAuth connection flow (decisions.md §15). No token ever has a field.
import { Field, ObjectType } from 'type-graphql';

@ObjectType('OAuthProvider')
export class OAuthProviderView {
  @Field({ description: 'google or microsoft.' }) provider!: string;
  @Field({ description: 'Its client id and secret are set on this server, so inboxes may connect with it.' }) configured!: boolean;
}

@ObjectType('MailboxOAuthStart')
export class MailboxOAuthStartView {
  @Field({ description: "The provider's sign-in page: open it in a browser (an agent hands it to a person)." }) authorizationUrl!: string;
  @Field({ description: 'The sign-in must come back before this (10 minutes).' }) expiresAt!: Date;
}
