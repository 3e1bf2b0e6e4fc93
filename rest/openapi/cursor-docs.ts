// The API reference's part of cursor pages (decisions.md §12, src/contracts/pagination/): every route declared
// `cursorPage` documents the `cursor` query parameter and the `Link: <…>; rel="next"` header of its
// answer, from that one flag, so no route writes them by hand and none can leave them out.
import type { ApiRoute } from '../../src/contracts/api-route';
import { MAX_CURSOR_LENGTH } from '../../src/contracts/pagination/cursor';
import { CURSOR_DESCRIPTION } from '../../src/contracts/pagination/keyset';

type Json = Record<string, unknown>;

/** The `cursor` query parameter, the same on every cursorPage operation (written out in each, like the
 *  other query parameters, so readers that list an operation's parameters by name see it). */
export const CURSOR_PARAMETER: Json = { name: 'cursor', in: 'query', required: false, description: CURSOR_DESCRIPTION, schema: { type: 'string', maxLength: MAX_CURSOR_LENGTH } };

/** components.headers */
export const CURSOR_HEADERS: Json = {
  Link: {
    description:
      'Present exactly when more rows follow: `<path?…&cursor=…>; rel="next"`, the URL of the next page (relative to the host): this request\'s own path and query (its filters and limit kept, offset dropped) with the cursor of the last row sent. Follow it until it is absent; an offset page carries it too, so a client can switch to cursors at any page.',
    schema: { type: 'string', pattern: '^<[^>]*[?&]cursor=[^>]*>; rel="next"$' },
  },
};

/** The operation's `cursor` parameter as CURSOR_PARAMETER, and its Link header; nothing for a route not
 *  declared cursorPage. A cursorPage route whose query class has no `cursor` stops the build. */
export function cursorDocs(r: ApiRoute, parameters: Json[]): { headers: Json } {
  if (!r.cursorPage) return { headers: {} };
  const at = parameters.findIndex((p) => p.in === 'query' && p.name === 'cursor');
  if (at < 0) throw new Error(`${r.method} ${r.path} is declared cursorPage but its query takes no cursor`);
  parameters[at] = CURSOR_PARAMETER;
  return { headers: { Link: { $ref: '#/components/headers/Link' } } };
}
