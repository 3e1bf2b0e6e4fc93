import * as blocklist from '../../src/modules/blocklist/blocklist.service';
import { AddToBlocklistInput, parseBlocklistQuery } from '../../src/modules/blocklist/blocklist.inputs';
import { AppError } from '../../src/errors';
import { parseInput } from '../../src/validation';
import { param, route } from '../route';

// Blocklist entries are returned with the names api.md gives them (workspaceId, email, reason, createdAt).
export const blocklistRoutes = [
  route({ method: 'post', path: '/blocklist', handle: async (ctx, req) => blocklist.addToBlocklist(ctx, await parseInput(AddToBlocklistInput, req.body)) }),
  route({
    method: 'post',
    path: '/blocklist/import',
    handle: (ctx, req) => {
      // The CSV body parser leaves the text in req.body (text/csv, or the multipart `file` field).
      if (typeof req.body !== 'string') throw new AppError('not_csv', 'Send the CSV as the body with Content-Type: text/csv, or as the field "file" of a multipart/form-data form.');
      return blocklist.importBlocklist(ctx, req.body);
    },
  }),
  route({
    method: 'get',
    path: '/blocklist',
    handle: async (ctx, req, res) => {
      const { total, entries } = await blocklist.listBlocklist(ctx, await parseBlocklistQuery(req.query as Record<string, unknown>));
      res.set('X-Total-Count', String(total));
      return entries;
    },
  }),
  route({ method: 'delete', path: '/blocklist/:email', handle: (ctx, req) => blocklist.deleteBlocklistEntry(ctx, param(req, 'email')) }),
];
