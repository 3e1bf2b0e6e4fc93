import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { Ctx as Context } from '../../runtime/context';
import { authed } from '../../contracts/graphql/auth';
import { Deleted } from '../../contracts/graphql/common.types';
import { Scope } from '../../contracts/graphql/scopes';
import * as blocklist from './blocklist.service';
import { AddToBlocklistInput, BlocklistQueryInput } from './blocklist.inputs';
import { BlocklistAdded, BlocklistImportCounts, BlocklistPage } from './blocklist.types';

@Resolver()
export class BlocklistResolver {
  @Scope('leads:read')
  @Query(() => BlocklistPage, { description: 'Blocklist entries, newest first (GET /blocklist). Cursor pages: query.cursor = nextCursor of the page before.' })
  async blocklist(@Arg('query', () => BlocklistQueryInput, { nullable: true }) query: BlocklistQueryInput | null, @Ctx() ctx: Context): Promise<BlocklistPage> {
    const page = await blocklist.listBlocklist(authed(ctx), query ?? new BlocklistQueryInput());
    return { total: page.total, items: page.entries, nextCursor: page.nextCursor };
  }

  @Scope('leads:write')
  @Mutation(() => BlocklistAdded, { description: 'Adds addresses and domains (reason manual); any invalid entry refuses the whole call.' })
  addToBlocklist(@Arg('input') input: AddToBlocklistInput, @Ctx() ctx: Context) {
    return blocklist.addToBlocklist(authed(ctx), input);
  }

  @Scope('leads:write')
  @Mutation(() => BlocklistImportCounts, { description: 'Imports a CSV (column email or domain, else the first column), reason import.' })
  importBlocklist(@Arg('csv') csv: string, @Ctx() ctx: Context) {
    return blocklist.importBlocklist(authed(ctx), csv);
  }

  @Scope('leads:write')
  @Mutation(() => Deleted, { description: 'Removes an address or a domain; not_found when it is not on the blocklist.' })
  deleteBlocklistEntry(@Arg('email') email: string, @Ctx() ctx: Context) {
    return blocklist.deleteBlocklistEntry(authed(ctx), email);
  }
}
