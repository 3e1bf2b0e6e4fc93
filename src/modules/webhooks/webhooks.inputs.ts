// Inputs of the webhook use cases (decisions.md §8), for both doors: REST bodies and query strings are
// the snake_case of these field names.
import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsInt, IsString, Max, MaxLength, Min } from 'class-validator';
import { Field, InputType, Int } from 'type-graphql';
import { Nullable, Optional } from '../../contracts/validation/validate-input';
import { rule } from '../../contracts/validation/rules';
import { EVENT_KINDS } from '../events/record-event';
import { CursorField } from '../../contracts/pagination/keyset';

/** The kinds an endpoint can subscribe to: every kind (decisions.md §11), `webhook_test` included. A test
 *  event only ever goes to the endpoint POST /webhooks/:id/test names, whatever it lists, so listing
 *  `webhook_test` alone makes an endpoint that receives tests and nothing else. */
export const SUBSCRIBABLE_KINDS = EVENT_KINDS;
export const MAX_URL_LENGTH = 2_000;
export const MAX_DESCRIPTION = 500;
export const DEFAULT_DELIVERY_PAGE = 50;
export const MAX_DELIVERY_PAGE = 100;
const MAX_INT = 2_147_483_647;

/** An absolute http:// or https:// URL with a host (where it points is judged at delivery, by the
 *  outbound-fetch guard, and for an IP address at once by the service). */
export function isWebhookUrl(v: unknown): boolean {
  if (typeof v !== 'string' || /\s/.test(v)) return false;
  try {
    const url = new URL(v);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '' && !url.username && !url.password;
  } catch {
    return false;
  }
}

const IsWebhookUrl = rule('isWebhookUrl', isWebhookUrl, '$property must be an absolute http:// or https:// URL without credentials');

/** `events`: null or left out, or a list of subscribable kinds. */
const EventKinds = (): PropertyDecorator => (target, key) => {
  for (const decorate of [
    Nullable(),
    IsArray(),
    ArrayMaxSize(SUBSCRIBABLE_KINDS.length * 2),
    IsIn([...SUBSCRIBABLE_KINDS], { each: true, message: `each of $property must be one of: ${SUBSCRIBABLE_KINDS.join(', ')}` }),
  ])
    decorate(target, key);
};

@InputType()
export class CreateWebhookInput {
  @Field({ description: 'Where events are POSTed: an absolute http(s) URL.' }) @IsString() @MaxLength(MAX_URL_LENGTH) @IsWebhookUrl() url!: string;
  @Field(() => [String], { nullable: true, description: 'The kinds to receive (GET /webhooks/events); empty or left out: every kind.' })
  @EventKinds()
  events?: string[] | null;
  @Field(() => String, { nullable: true }) @Nullable() @IsString() @MaxLength(MAX_DESCRIPTION) description?: string | null;
}

@InputType()
export class UpdateWebhookInput {
  @Field(() => String, { nullable: true }) @Optional() @IsString() @MaxLength(MAX_URL_LENGTH) @IsWebhookUrl() url?: string;
  @Field(() => [String], { nullable: true, description: 'Empty or null: every kind.' })
  @EventKinds()
  events?: string[] | null;
  @Field(() => String, { nullable: true }) @Nullable() @IsString() @MaxLength(MAX_DESCRIPTION) description?: string | null;
  @Field(() => Boolean, { nullable: true, description: 'true brings back an endpoint disabled by hand or after 5 days of failures.' })
  @Optional()
  @IsBoolean()
  enabled?: boolean;
}

@InputType()
export class DeliveryQueryInput {
  @Field(() => Int, { nullable: true, description: `Page size, ${DEFAULT_DELIVERY_PAGE} by default, at most ${MAX_DELIVERY_PAGE}.` })
  @Nullable()
  @IsInt()
  @Min(1)
  @Max(MAX_DELIVERY_PAGE)
  limit?: number | null;
  @Field(() => Int, { nullable: true, description: 'Rows skipped; not together with cursor.' }) @Nullable() @IsInt() @Min(0) @Max(MAX_INT) offset?: number | null;
  @CursorField() cursor?: string | null;
}
