// api.md Blocklist. Entries are returned with the names api.md gives them (workspaceId, email, reason, createdAt).
import type { Readable } from 'node:stream';
import { body, csvUploadRoute, jsonRoute, query } from '../../contracts/api-route';
import { Deleted } from '../../contracts/graphql/common.types';
import * as blocklist from './blocklist.service';
import { AddToBlocklistInput, BlocklistQueryInput } from './blocklist.inputs';
import { BlocklistAdded, BlocklistEntryView, BlocklistImportCounts } from './blocklist.types';

export const blocklistRoutes = [
  jsonRoute({
    method: 'post',
    path: '/blocklist',
    scope: 'leads:write',
    summary: 'Block addresses and domains (any invalid entry refuses the whole call)',
    body: body(AddToBlocklistInput),
    response: { type: BlocklistAdded },
    handle: (ctx, { body }) => blocklist.addToBlocklist(ctx, body),
  }),
  csvUploadRoute({
    method: 'post',
    path: '/blocklist/import',
    scope: 'leads:write',
    summary: 'Import a CSV of addresses and domains (text/csv body or multipart field "file")',
    csv: 'stream',
    response: { type: BlocklistImportCounts },
    handle: (ctx, { body }) => body.read((csv) => blocklist.importBlocklist(ctx, csv as Readable)),
  }),
  jsonRoute({
    method: 'get',
    path: '/blocklist',
    scope: 'leads:read',
    summary: 'Blocklist entries, newest first; X-Total-Count is the number matching',
    query: query(BlocklistQueryInput),
    totalCount: true,
    cursorPage: true,
    response: { type: BlocklistEntryView, list: true },
    handle: async (ctx, { query }) => {
      const { total, entries, nextCursor } = await blocklist.listBlocklist(ctx, query);
      return { total, items: entries, nextCursor };
    },
  }),
  jsonRoute({
    method: 'delete',
    path: '/blocklist/:email',
    scope: 'leads:write',
    summary: 'Remove an address or a domain',
    response: { type: Deleted },
    handle: (ctx, { params }) => blocklist.deleteBlocklistEntry(ctx, params.email),
  }),
];
