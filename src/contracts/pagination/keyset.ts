// Keyset pages for every list that takes limit/offset (decisions.md §12 "Cursor pages"). A list reads its
// page with the rows strictly after the cursor's sort key (`WHERE (sort cols) > / < (key)`, never an
// OFFSET), one row more than asked to know whether more follow, and hands back the cursor of its last row.
// An offset page answers a cursor too, so a client can switch to cursors at any page.
//
// Each list names itself and its filters to the codec (cursor.ts): a cursor from another list, or with
// other filters, is 400 invalid_cursor; `cursor` with `offset` is 400 validation_failed (CursorField).
import { IsString, MaxLength, registerDecorator } from 'class-validator';
import { Field } from 'type-graphql';
import type { Secrets } from '../../security/crypto';
import { Nullable } from '../validation/validate-input';
import { CursorCodec, MAX_CURSOR_LENGTH, type CursorKey } from './cursor';
import type { CursorPage } from './page';

export const CURSOR_DESCRIPTION =
  'Continues the list after the page that gave it (nextCursor; over REST the URL of the Link rel="next" header carries it). ' +
  "Made for this list and these filters only: another list's, other filters' or an altered cursor is 400 invalid_cursor. " +
  'Not together with offset (400 validation_failed).';

export const NEXT_CURSOR_DESCRIPTION =
  'The cursor of the page after this one (pass it as cursor with the same filters); null when no more rows follow. ' +
  "Pages are keyset pages in the list's own order: rows added meanwhile ahead of the cursor appear, none repeats.";

/** `cursor` is refused beside `offset`: a cursor already says where the page starts. */
function NotWithOffset() {
  return (object: object, propertyName: string) =>
    registerDecorator({
      name: 'notWithOffset',
      target: object.constructor,
      propertyName,
      options: { message: '$property cannot be used with offset: a cursor already says where the page starts' },
      validator: { validate: (_v: unknown, args) => (args?.object as { offset?: unknown }).offset == null },
    });
}

/** The `cursor` field of a list's input class (GraphQL argument field and REST query parameter). */
export function CursorField(): PropertyDecorator {
  return (target: object, key: string | symbol) => {
    const name = key as string;
    (Field(() => String, { nullable: true, description: CURSOR_DESCRIPTION }) as PropertyDecorator)(target, key);
    Nullable()(target, name);
    IsString()(target, name);
    MaxLength(MAX_CURSOR_LENGTH)(target, name);
    NotWithOffset()(target, name);
  };
}

/** What a page needs of the caller's context (AuthedCtx). */
export interface PagingCtx {
  deps: { secrets: Secrets };
  actor: { workspaceId: string };
}

/** What a list's page input carries. */
export interface PageInput {
  limit?: number | null;
  offset?: number | null;
  cursor?: string | null;
}

/**
 * The page a request asks for, for one list and its filters: `after` is the decoded cursor's sort key
 * (null without one), `fetch` the rows to read (limit + 1; null for "every row" when the list allows no
 * limit). `close` cuts the rows read to the page and makes the cursor of its last row when more follow.
 */
export class Paging {
  readonly limit: number | null;
  readonly offset: number;
  readonly after: CursorKey | null;

  private constructor(
    private readonly codec: CursorCodec,
    private readonly list: string,
    private readonly filters: Record<string, unknown>,
    input: PageInput,
    defaultLimit: number | null,
  ) {
    this.limit = input.limit ?? defaultLimit;
    this.offset = input.cursor ? 0 : (input.offset ?? 0);
    this.after = input.cursor ? codec.decode(list, filters, input.cursor) : null;
  }

  /** The page of `list` for the caller: its cursors name the workspace beside the filters, so another
   *  workspace's cursor is refused like another list's. */
  static of(ctx: PagingCtx, list: string, filters: Record<string, unknown>, input: PageInput, defaultLimit: number | null): Paging {
    return new Paging(new CursorCodec(ctx.deps.secrets), list, { ...filters, workspace: ctx.actor.workspaceId }, input, defaultLimit);
  }

  /** Rows to read: one more than the page, to know whether more follow. */
  get fetch(): number | null {
    return this.limit === null ? null : this.limit + 1;
  }

  /** The page of the rows read (at most `fetch`), and the cursor after its last row when more follow. */
  close<T>(rows: readonly T[], keyOf: (row: T) => CursorKey): CursorPage<T> {
    if (this.limit === null || rows.length <= this.limit) return { items: [...rows], nextCursor: null };
    const items = rows.slice(0, this.limit);
    return { items, nextCursor: this.limit === 0 ? null : this.cursorAfter(keyOf(items[items.length - 1]!)) };
  }

  /** The cursor that continues this list after a row whose key is `key`. */
  cursorAfter(key: CursorKey): string {
    return this.codec.encode(this.list, this.filters, key);
  }
}

/** A timestamp as a cursor key part (millisecond columns: timestamptz(3), so the ISO text is exact). */
export const isoKey = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());

/** A cursor page whose REST body is one object rather than a list (the pipeline, a campaign's activity):
 *  the adapter sends `items` as the body whatever it is, and `nextCursor` as the Link header. */
export const objectPage = <T>(body: T, nextCursor: string | null): CursorPage<unknown> => ({ items: body as unknown as unknown[], nextCursor });
