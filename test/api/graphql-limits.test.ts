// decisions.md §10: a GraphQL request may be at most 12 levels deep, have at most 100 aliases and 1 MB of
// query text; more is a GraphQL error with code query_too_complex, before anything runs. Each limit is
// tried just under and just over; introspection (GraphiQL's query) still works.
import { getIntrospectionQuery } from 'graphql';
import { MAX_QUERY_ALIASES, MAX_QUERY_BYTES, MAX_QUERY_DEPTH } from '../../src/contracts/graphql/cost-limits';
import { signUp, type Client } from '../support/client';
import { startTestService } from '../support/service';

let service: Awaited<ReturnType<typeof startTestService>>;
let client: Client;

beforeAll(async () => {
  service = await startTestService();
  ({ client } = await signUp(service.url));
});
afterAll(() => service.stop());

const gql = (query: string, variables?: unknown) => client.request('POST', '/graphql', { query, variables });

/** The answer is the query_too_complex refusal, with no data: nothing ran. */
function expectTooComplex(res: Awaited<ReturnType<typeof gql>>) {
  expect(res.status).toBe(400);
  expect(res.body.errors[0].extensions).toMatchObject({ code: 'query_too_complex', status: 400 });
  expect(res.body.data ?? null).toBeNull();
}

// The schema's own types nest 4 deep at most, so depth is tried on introspection. graphql-js refuses
// `fields` inside `fields` inside `fields` there, so the chain goes through directives and arguments.
const CHAIN_12 = ['__schema', 'directives', 'args', 'type', 'fields', 'args', 'type', 'fields', 'args', 'type', 'enumValues', 'name'];
const nest = (fields: string[]) =>
  `${fields
    .slice(0, -1)
    .map((f) => `${f} {`)
    .join(' ')} ${fields.at(-1)} ${'}'.repeat(fields.length - 1)}`;
/** An introspection query exactly `depth` fields deep (past 12, graphql-js's own rule may refuse it too). */
const queryOfDepth = (depth: number) =>
  `{ ${nest(depth <= CHAIN_12.length ? [...CHAIN_12.slice(0, depth - 1), 'name'] : [...CHAIN_12.slice(0, 4), ...Array.from({ length: depth - 5 }, (_, i) => ['fields', 'args', 'type'][i % 3]!), 'name'])} }`;

const campaignNames = async () => ((await client.get('/campaigns')).body as { name: string }[]).map((c) => c.name);

describe('depth', () => {
  it(`runs a query ${MAX_QUERY_DEPTH} levels deep`, async () => {
    const res = await gql(queryOfDepth(MAX_QUERY_DEPTH));
    expect(res.status).toBe(200);
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.__schema.directives.length).toBeGreaterThan(0);
  });

  it(`refuses one ${MAX_QUERY_DEPTH + 1} levels deep, and one thousands deep`, async () => {
    expectTooComplex(await gql(queryOfDepth(MAX_QUERY_DEPTH + 1)));
    // Past what graphql-js's own introspection rule allows too: ours still answers.
    expectTooComplex(await gql(queryOfDepth(40)));
    const deep = await gql(queryOfDepth(3000));
    expect(deep.status).toBe(400);
    expect(['query_too_complex', 'bad_request']).toContain(deep.body.errors[0].extensions.code);
  });

  it('counts the levels inside fragments where they are spread', async () => {
    const fits = await gql(`{ __schema { directives { ...Fits } } } fragment Fits on __Directive { ${nest(CHAIN_12.slice(2))} }`);
    expect(fits.body.errors).toBeUndefined();
    const deep = await gql(`{ __schema { directives { ...Deep } } } fragment Deep on __Directive { ${nest([...CHAIN_12.slice(2, -2), 'fields', 'args', 'name'])} }`);
    expectTooComplex(deep);
  });

  it("runs GraphiQL's introspection query (its ofType chains are one type's wrapping, not levels)", async () => {
    const query = getIntrospectionQuery({
      descriptions: true,
      specifiedByUrl: true,
      directiveIsRepeatable: true,
      schemaDescription: true,
      inputValueDeprecation: true,
      oneOf: true,
    });
    const res = await gql(query);
    expect(res.status).toBe(200);
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.__schema.types.map((t: { name: string }) => t.name)).toContain('Campaign');
  });
});

describe('aliases', () => {
  const aliased = (n: number) => `{ ${Array.from({ length: n }, (_, i) => `a${i}: campaigns { id }`).join(' ')} }`;

  it(`runs ${MAX_QUERY_ALIASES} aliased fields`, async () => {
    const res = await gql(aliased(MAX_QUERY_ALIASES));
    expect(res.status).toBe(200);
    expect(res.body.errors).toBeUndefined();
    expect(Object.keys(res.body.data)).toHaveLength(MAX_QUERY_ALIASES);
  });

  it(`refuses ${MAX_QUERY_ALIASES + 1}, and the reported 2,000`, async () => {
    expectTooComplex(await gql(aliased(MAX_QUERY_ALIASES + 1)));
    expectTooComplex(await gql(aliased(2000)));
  });

  it('refuses a mutation over the limit before any of it runs', async () => {
    const name = `alias-${Date.now()}`;
    const mutations = Array.from({ length: MAX_QUERY_ALIASES + 1 }, (_, i) => `c${i}: createCampaign(input: { name: "${name}" }) { id }`);
    expectTooComplex(await gql(`mutation { ${mutations.join(' ')} }`));
    expect(await campaignNames()).not.toContain(name);
  });

  it('counts the aliases of a fragment at every place it is spread', async () => {
    const fragment = `fragment Many on Campaign { ${Array.from({ length: 20 }, (_, i) => `f${i}: id`).join(' ')} }`;
    // 25 aliases written, 5 × 20 + 5 = 105 when run.
    const query = `{ ${Array.from({ length: 5 }, (_, i) => `s${i}: campaigns { ...Many }`).join(' ')} } ${fragment}`;
    expectTooComplex(await gql(query));
    const fits = `{ ${Array.from({ length: 4 }, (_, i) => `s${i}: campaigns { ...Many }`).join(' ')} } ${fragment}`;
    expect((await gql(fits)).body.errors).toBeUndefined();
  });
});

describe('query text', () => {
  /** A query padded with a comment to exactly `bytes` bytes of UTF-8. */
  const padded = (query: string, bytes: number, pad = 'x') => {
    const head = `${query}\n#`;
    const room = bytes - Buffer.byteLength(head);
    return head + pad.repeat(Math.floor(room / Buffer.byteLength(pad))) + 'x'.repeat(room % Buffer.byteLength(pad));
  };

  it('runs a query of exactly 1 MB', async () => {
    const query = padded('{ campaigns { id } }', MAX_QUERY_BYTES);
    expect(Buffer.byteLength(query)).toBe(MAX_QUERY_BYTES);
    const res = await gql(query);
    expect(res.status).toBe(200);
    expect(res.body.errors).toBeUndefined();
  });

  it('refuses one byte more, before parsing or running it', async () => {
    const name = `text-${Date.now()}`;
    const query = padded(`mutation { createCampaign(input: { name: "${name}" }) { id } }`, MAX_QUERY_BYTES + 1);
    expect(Buffer.byteLength(query)).toBe(MAX_QUERY_BYTES + 1);
    expectTooComplex(await gql(query));
    expect(await campaignNames()).not.toContain(name);
  });

  it('measures bytes, not characters', async () => {
    const query = padded('{ campaigns { id } }', MAX_QUERY_BYTES + 2, 'é');
    expect(query.length).toBeLessThan(MAX_QUERY_BYTES);
    expectTooComplex(await gql(query));
  });
});
