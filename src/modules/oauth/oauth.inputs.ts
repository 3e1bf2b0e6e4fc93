// Inputs of the OAuth connection flow (decisions.md §15), shared by REST and GraphQL.
import { IsString, IsUUID, Length } from 'class-validator';
import { Field, ID, InputType } from 'type-graphql';
import { Optional } from '../../contracts/validation/validate-input';
import { rule } from '../../contracts/validation/rules';

const SERVICE = 'http://service.invalid';

/** decisions.md §15: a path of this service: one `/`, then no second `/` or `\` (a browser reads `//host`
 *  and `/\host` as another site), no control characters or spaces. Checked again after the URL parser
 *  resolves dot segments (`.`, `..`, `%2e`), since that is the form the callback redirects to: `/.//host`
 *  passes the first look and becomes `//host`. Gives the resolved path (with its query and fragment), or
 *  null when it is not one. */
export function servicePath(path: string): string | null {
  // eslint-disable-next-line no-control-regex
  const plain = (p: string) => /^\/(?![/\\])[^\\\u0000-\u0020\u007f]*$/.test(p);
  if (!plain(path)) return null;
  const url = new URL(path, SERVICE);
  const resolved = `${url.pathname}${url.search}${url.hash}`;
  return url.origin === SERVICE && plain(resolved) ? resolved : null;
}

export const IsServicePath = rule(
  'isServicePath',
  (v) => typeof v === 'string' && servicePath(v) !== null,
  '$property must be a path of this service, starting with one / (such as /app/settings)',
);

/** POST /mailboxes/oauth/:provider/start; GraphQL startMailboxOAuth's arguments. */
@InputType('StartMailboxOAuthInput')
export class StartMailboxOAuthInput {
  @Field(() => ID, { nullable: true, description: 'The inbox to reconnect (its id and history stay); left out: connect a new one.' })
  @Optional()
  @IsUUID('all', { message: '$property must be an inbox id' })
  mailboxId?: string;

  @Field({ nullable: true, description: 'Where the browser goes back to, a path of this service; /app/settings unless given.' })
  @Optional()
  @IsString()
  @Length(1, 2000)
  @IsServicePath()
  returnTo?: string;
}

/** GET /oauth/:provider/callback: what the provider sends the browser back with (others it adds, such as
 *  Google's `scope` or Microsoft's `session_state`, pass through to the code's redemption). */
@InputType('OAuthCallbackQuery')
export class OAuthCallbackQuery {
  @Field({ nullable: true, description: 'The authorization code.' }) @Optional() @IsString() code?: string;
  @Field({ nullable: true, description: 'The state the start call made.' }) @Optional() @IsString() state?: string;
  @Field({ nullable: true, description: 'Set instead of code when the sign-in did not happen (access_denied: consent refused).' }) @Optional() @IsString() error?: string;
  @Field({ nullable: true }) @Optional() @IsString() errorDescription?: string;
}

/** The callback's query as text values, bounded (a browser's URL, from anyone). */
export function callbackParams(raw: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw).slice(0, 20)) {
    if (typeof value === 'string' && name.length <= 64 && value.length <= 4096) out[name] = value;
  }
  return out;
}
