// api.md "Steps and templates" (PUT steps, variant switches; rules 1–8) and decisions.md §5, through
// REST and GraphQL, with workspace isolation.
import type { MikroORM } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { type Account, type Client, expectError, signUp } from '../support/client';
import { createStepCampaign, startCampaign, storedSteps } from '../support/factories/step-campaign.factory';
import { startTestService } from '../support/service';
import * as ops from '../graphql/generated';

let service: Awaited<ReturnType<typeof startTestService>>;
let orm: MikroORM;
let a: Account;
let b: Account;
let api: Client;

beforeAll(async () => {
  service = await startTestService();
  orm = service.deps.orm;
  [a, b] = await Promise.all([signUp(service.url), signUp(service.url)]);
  api = a.client;
});
afterAll(() => service.stop());

type Json = Record<string, unknown>;
const first = (over: Json = {}): Json => ({ position: 1, wait_minutes: 0, variants: [{ subject: 'Hi {{firstName|there}}', body: 'First email' }], ...over });
const followUp = (position: number, over: Json = {}): Json => ({ position, wait_minutes: 1440, variants: [{ subject: '', body: `Follow-up ${position}` }], ...over });
const taskStep = (position: number, over: Json = {}): Json => ({
  position,
  wait_minutes: 60,
  variants: [],
  task: { kind: 'linkedin_connect', text: 'Connect with {{firstName}}' },
  ...over,
});

const campaign = (owner = a) => createStepCampaign(orm, owner.workspaceId);
const put = (id: string, steps: unknown) => api.put(`/campaigns/${id}/steps`, steps);

/** A campaign holding `steps` (written through the API), and its stored steps. */
async function campaignWith(steps: Json[]) {
  const id = await campaign();
  const res = await put(id, steps);
  expect(res.status).toBe(200);
  return { id, steps: await storedSteps(orm, id) };
}

/** The stored steps sent back with their ids: what a client does after reading the campaign. */
const sentBack = (steps: Awaited<ReturnType<typeof storedSteps>>) =>
  steps.map((s) => ({ id: s.id, position: s.position, wait_minutes: s.waitMinutes, variants: s.variants, condition: s.condition, task: s.task }));

describe('PUT /campaigns/:id/steps', () => {
  it('saves the steps and answers with their count', async () => {
    const id = await campaign();
    const res = await put(id, [first(), taskStep(2, { condition: 'interested' }), followUp(3, { condition: 'no_reply', wait_minutes: 2880 })]);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ steps: 3 });
    const stored = await storedSteps(orm, id);
    expect(stored.map((s) => ({ position: s.position, waitMinutes: s.waitMinutes, variants: s.variants, task: s.task, condition: s.condition }))).toEqual([
      { position: 1, waitMinutes: 0, variants: [{ subject: 'Hi {{firstName|there}}', body: 'First email', enabled: true }], task: null, condition: null },
      { position: 2, waitMinutes: 60, variants: [], task: { kind: 'linkedin_connect', text: 'Connect with {{firstName}}' }, condition: 'interested' },
      { position: 3, waitMinutes: 2880, variants: [{ subject: '', body: 'Follow-up 3', enabled: true }], task: null, condition: 'no_reply' },
    ]);
  });

  it('accepts the steps in any order and stores them by position', async () => {
    const { steps } = await campaignWith([followUp(2), first()]);
    expect(steps.map((s) => s.variants[0].body)).toEqual(['First email', 'Follow-up 2']);
  });

  it('lets a task step leave variants out, and wait_minutes default to 0', async () => {
    const { steps } = await campaignWith([{ position: 1, task: { kind: 'call', text: 'Call {{firstName}}' } }]);
    expect(steps).toEqual([expect.objectContaining({ position: 1, waitMinutes: 0, variants: [], task: { kind: 'call', text: 'Call {{firstName}}' } })]);
  });

  it('stores a whitespace-only follow-up subject as empty (a reply in the same thread, rule 2)', async () => {
    const { steps } = await campaignWith([first(), followUp(2, { variants: [{ subject: '   ', body: 'Bump' }] })]);
    expect(steps[1].variants[0].subject).toBe('');
  });

  it('replaces every step: the last PUT is the whole sequence', async () => {
    const { id } = await campaignWith([first(), followUp(2), followUp(3)]);
    expect((await put(id, [first({ variants: [{ subject: 'Only', body: 'One' }] })])).body).toEqual({ steps: 1 });
    const stored = await storedSteps(orm, id);
    expect(stored.map((s) => s.variants[0].subject)).toEqual(['Only']);
  });

  it('keeps the id of a step sent back with it, and gives new steps new ids', async () => {
    const { id, steps } = await campaignWith([first(), followUp(2)]);
    const foreignId = randomUUID();
    const res = await put(id, [{ ...first(), id: steps[0].id, wait_minutes: 30 }, { ...followUp(2), id: foreignId }, followUp(3)]);
    expect(res.status).toBe(200);
    const after = await storedSteps(orm, id);
    expect(after[0]).toMatchObject({ id: steps[0].id, waitMinutes: 30 });
    expect(after[1].id).not.toBe(steps[1].id);
    expect(after[1].id).not.toBe(foreignId); // before the campaign starts an id that is not its own is just dropped
    expect(new Set(after.map((s) => s.id)).size).toBe(3);
  });

  it('moves, retypes and removes steps freely before the campaign starts', async () => {
    const { id, steps } = await campaignWith([first(), followUp(2), followUp(3)]);
    const res = await put(id, [
      { ...first(), id: steps[0].id },
      { ...taskStep(2), id: steps[2].id }, // step 3 moves to 2 and becomes a task
    ]);
    expect(res.body).toEqual({ steps: 2 });
    const after = await storedSteps(orm, id);
    expect(after.map((s) => [s.id, s.position, s.task?.kind ?? 'email'])).toEqual([
      [steps[0].id, 1, 'email'],
      [steps[2].id, 2, 'linkedin_connect'],
    ]);
  });

  it('clears the sequence with an empty array before the campaign starts', async () => {
    const { id } = await campaignWith([first(), followUp(2)]);
    expect((await put(id, [])).body).toEqual({ steps: 0 });
    expect(await storedSteps(orm, id)).toEqual([]);
  });

  it('keeps a variant switched off when the step is sent back without `enabled`', async () => {
    const { id, steps } = await campaignWith([
      first({
        variants: [
          { subject: 'A', body: 'a' },
          { subject: 'B', body: 'b' },
        ],
      }),
    ]);
    expect((await api.patch(`/campaigns/${id}/steps/1/variants/2`, { enabled: false })).status).toBe(200);
    await put(id, [
      {
        ...first({
          variants: [
            { subject: 'A', body: 'a2' },
            { subject: 'B', body: 'b2' },
          ],
        }),
        id: steps[0].id,
      },
    ]);
    expect((await storedSteps(orm, id))[0].variants.map((v) => v.enabled)).toEqual([true, false]);
    // Sent explicitly, `enabled` wins.
    await put(id, [
      {
        ...first({
          variants: [
            { subject: 'A', body: 'a2' },
            { subject: 'B', body: 'b2', enabled: true },
          ],
        }),
        id: steps[0].id,
      },
    ]);
    expect((await storedSteps(orm, id))[0].variants.map((v) => v.enabled)).toEqual([true, true]);
  });

  it('turns omitted switches on when variants were removed (their numbers no longer match)', async () => {
    const { id, steps } = await campaignWith([
      first({
        variants: [
          { subject: 'A', body: 'a', enabled: false },
          { subject: 'B', body: 'b' },
        ],
      }),
    ]);
    const res = await put(id, [{ ...first({ variants: [{ subject: 'B', body: 'b' }] }), id: steps[0].id }]);
    expect(res.status).toBe(200);
    expect((await storedSteps(orm, id))[0].variants).toEqual([{ subject: 'B', body: 'b', enabled: true }]);
  });

  describe('refuses bad bodies with 400, never 500', () => {
    let id: string;
    beforeAll(async () => {
      id = await campaign();
    });

    it('a body that is not an array', async () => {
      expectError(await put(id, first()), 400, 'invalid_body');
      expectError(await api.request('PUT', `/api/campaigns/${id}/steps`, '"steps"', { 'content-type': 'application/json' }), 400);
      expectError(await api.request('PUT', `/api/campaigns/${id}/steps`, '[{"position":', { 'content-type': 'application/json' }), 400, 'invalid_json');
    });

    it('an element that is not an object, naming its index', async () => {
      const err = expectError(await put(id, [first(), 5]), 400, 'invalid_body');
      expect(err.message).toContain('index 1');
      expectError(await put(id, [null]), 400, 'invalid_body');
    });

    it.each([
      ['an unknown field', { ...first(), colour: 'red' }, '[0].colour'],
      ['a camelCase field', { position: 1, waitMinutes: 0, variants: [{ subject: 's', body: 'b' }] }, '[0].waitMinutes'],
      ['a missing position', { wait_minutes: 0, variants: [{ subject: 's', body: 'b' }] }, '[0].position'],
      ['a position of 0', first({ position: 0 }), '[0].position'],
      ['a string wait', first({ wait_minutes: '10' }), '[0].wait_minutes'],
      ['a negative wait', first({ wait_minutes: -1 }), '[0].wait_minutes'],
      ['a fractional wait', first({ wait_minutes: 1.5 }), '[0].wait_minutes'],
      ['a huge wait', first({ wait_minutes: 1e15 }), '[0].wait_minutes'],
      ['an unknown condition', first({ condition: 'opened' }), '[0].condition'],
      ['a malformed id', { ...first(), id: 'step-1' }, '[0].id'],
      ['variants that are not an array', first({ variants: { subject: 's', body: 'b' } }), '[0].variants'],
      ['a variant that is not an object', first({ variants: ['hello'] }), '[0].variants.0'],
      ['a variant with an unknown field', first({ variants: [{ subject: 's', body: 'b', html: '<p>' }] }), '[0].variants.0.html'],
      ['a variant without a body', first({ variants: [{ subject: 's' }] }), '[0].variants.0.body'],
      ['a non-boolean enabled', first({ variants: [{ subject: 's', body: 'b', enabled: 'yes' }] }), '[0].variants.0.enabled'],
      ['a two-line subject', first({ variants: [{ subject: 'Hi\r\nBcc: x@example.com', body: 'b' }] }), '[0].variants.0.subject'],
      ['a subject over 998 characters', first({ variants: [{ subject: 'x'.repeat(999), body: 'b' }] }), '[0].variants.0.subject'],
      ['a body over 100,000 characters', first({ variants: [{ subject: 's', body: 'x'.repeat(100_001) }] }), '[0].variants.0.body'],
      ['an unknown task kind', taskStep(1, { task: { kind: 'fax', text: 'Send a fax' } }), '[0].task.kind'],
      ['a task that is not an object', taskStep(1, { task: 'call them' }), '[0].task'],
      ['a task with an unknown field', taskStep(1, { task: { kind: 'call', text: 't', due: 'now' } }), '[0].task.due'],
    ])('%s', async (_what, step, field) => {
      const err = expectError(await put(id, [step]), 400, 'validation_failed');
      expect(Object.keys(err.details!.fields)).toContain(field);
    });

    it('a variant with a __proto__ key: refused as an unknown field, by name (src/contracts/validation/validate-input.ts), nothing stored', async () => {
      const before = await storedSteps(orm, id);
      const res = await put(id, JSON.parse('[{"position":1,"variants":[{"subject":"s","body":"b","__proto__":{"enabled":false,"x":1}}]}]'));
      expect(Object.keys(expectError(res, 400, 'validation_failed').details!.fields)).toEqual(['[0].variants[0].__proto__']);
      expect(await storedSteps(orm, id)).toEqual(before);
    });

    it('a NUL character anywhere in the step (PostgreSQL cannot store it)', async () => {
      expectError(await put(id, [first({ variants: [{ subject: 'Hi', body: 'a\u0000b' }] })]), 400, 'validation_failed');
      expectError(await put(id, [taskStep(1, { task: { kind: 'call', text: '\u0000' } })]), 400, 'validation_failed');
      const gql = await api.gql(ops.UpdateCampaignStepsDocument, { campaignId: id, steps: [{ position: 1, variants: [{ subject: 'S\u0000', body: 'b' }] }] });
      expect(gql.errors?.[0].extensions).toMatchObject({ code: 'validation_failed', status: 400 });
    });

    it('a lone UTF-16 surrogate in the text (jsonb cannot store it)', async () => {
      const raw = (text: string) =>
        api.request('PUT', `/api/campaigns/${id}/steps`, `[{"position":1,"variants":[{"subject":"Hi","body":"${text}"}]}]`, { 'content-type': 'application/json' });
      const err = expectError(await raw('broken \\ud800 text'), 400, 'validation_failed');
      expect(Object.keys(err.details!.fields)).toEqual([expect.stringMatching(/^\[0\]\.variants.*body$/)]);
      expect((await raw('paired \\ud83d\\ude00 is fine')).status).toBe(200);
      expectError(await put(id, [taskStep(1, { task: { kind: 'call', text: 'x\udc00' } })]), 400, 'validation_failed');
    });

    it('a malformed or unknown campaign id (404)', async () => {
      expectError(await put('not-a-uuid', [first()]), 404, 'not_found');
      expectError(await put(randomUUID(), [first()]), 404, 'not_found');
    });

    it('without credentials (401)', async () => {
      expectError(await api.withToken(null).put(`/campaigns/${id}/steps`, [first()]), 401, 'unauthorized');
    });
  });

  describe('step rules (400 with the rule code; details list every error)', () => {
    let id: string;
    beforeAll(async () => {
      id = await campaign();
    });
    const refused = async (steps: unknown[], code: string) => {
      const err = expectError(await put(id, steps), 400, code);
      expect(err.details!.errors).toEqual(expect.arrayContaining([expect.objectContaining({ code })]));
      return err;
    };

    it('positions run from 1 with no gaps or duplicates (rule 1)', async () => {
      await refused([first(), followUp(3)], 'position_gap');
      await refused([followUp(2)], 'position_gap');
      await refused([first(), followUp(2), followUp(2)], 'duplicate_position');
    });

    it.each(['interested', 'not_interested', 'clicked'])('step 1 cannot wait on %s (rule 5)', async (condition) => {
      await refused([first({ condition })], 'first_step_condition');
    });

    it('step 1 may use no_reply', async () => {
      expect((await put(id, [first({ condition: 'no_reply' })])).status).toBe(200);
    });

    it('a task step cannot wait on a click (rule 5)', async () => {
      await refused([first(), taskStep(2, { condition: 'clicked' })], 'task_clicked_condition');
    });

    it('a follow-up email on no reply waits at least 1440 minutes (rule 6)', async () => {
      await refused([first(), followUp(2, { wait_minutes: 1439 })], 'follow_up_wait_too_short');
      await refused([first(), followUp(2, { wait_minutes: 0, condition: 'no_reply' })], 'follow_up_wait_too_short');
      expect((await put(id, [first(), followUp(2, { wait_minutes: 1440 })])).status).toBe(200);
    });

    it('a follow-up waiting on a reply label or a click may come sooner', async () => {
      expect((await put(id, [first(), followUp(2, { wait_minutes: 0, condition: 'interested' }), followUp(3, { wait_minutes: 10, condition: 'clicked' })])).status).toBe(200);
    });

    it('the first email needs a subject; follow-ups may leave it empty', async () => {
      await refused([first({ variants: [{ subject: '', body: 'b' }] })], 'subject_required');
      await refused([taskStep(1), followUp(2)], 'subject_required');
      expect((await put(id, [first(), followUp(2)])).status).toBe(200);
    });

    it('an email step needs a variant, each with a body', async () => {
      await refused([first({ variants: [] })], 'no_variants');
      await refused([{ position: 1, wait_minutes: 0 }], 'no_variants');
      await refused(
        [
          first({
            variants: [
              { subject: 's', body: 'ok' },
              { subject: 's', body: '  ' },
            ],
          }),
        ],
        'blank_body',
      );
    });

    it('an email step keeps at least one variant enabled (rule 8)', async () => {
      await refused([first({ variants: [{ subject: 's', body: 'b', enabled: false }] })], 'no_enabled_variant');
    });

    it('a task step has no variants and says what to do (decisions.md §5)', async () => {
      await refused([taskStep(1, { variants: [{ subject: 's', body: 'b' }] })], 'task_has_variants');
      await refused([taskStep(1, { task: { kind: 'manual', text: ' ' } })], 'blank_task_text');
    });

    it('at most 50 steps and 26 variants per step', async () => {
      const steps = [first(), ...Array.from({ length: 50 }, (_, i) => followUp(i + 2))];
      expectError(await put(id, steps), 400, 'too_many_steps');
      expect((await put(id, steps.slice(0, 50))).body).toEqual({ steps: 50 });
      const variants = Array.from({ length: 27 }, (_, i) => ({ subject: `S${i}`, body: 'b' }));
      await refused([first({ variants })], 'too_many_variants');
    });

    it('a refused write changes nothing', async () => {
      const { id: kept, steps } = await campaignWith([first(), followUp(2)]);
      expectError(await put(kept, [first(), followUp(2, { wait_minutes: 5 })]), 400, 'follow_up_wait_too_short');
      expect((await storedSteps(orm, kept)).map((s) => s.id)).toEqual(steps.map((s) => s.id));
    });
  });
});

describe('with the campaigns API', () => {
  it('a campaign made by POST /campaigns reads back the written steps in camelCase (GET /campaigns/:id)', async () => {
    const created = await api.post('/campaigns', { name: 'Written through the API' });
    expect(created.status).toBe(200);
    const id = created.body.id as string;
    await put(id, [
      first({
        variants: [
          { subject: 'A', body: 'a' },
          { subject: 'B', body: 'b', enabled: false },
        ],
      }),
      taskStep(2, { condition: 'interested' }),
    ]);
    const read = await api.get(`/campaigns/${id}`);
    expect(read.body.steps).toEqual([
      {
        id: expect.any(String),
        campaignId: id,
        position: 1,
        waitMinutes: 0,
        variants: [
          { subject: 'A', body: 'a', enabled: true },
          { subject: 'B', body: 'b', enabled: false },
        ],
        task: null,
        condition: null,
      },
      {
        id: expect.any(String),
        campaignId: id,
        position: 2,
        waitMinutes: 60,
        variants: [],
        task: { kind: 'linkedin_connect', text: 'Connect with {{firstName}}' },
        condition: 'interested',
      },
    ]);
  });
});

describe('rule 7: once the campaign has started, existing steps stay', () => {
  async function started(
    how: 'sent' | 'task_closed' = 'sent',
    steps: Json[] = [
      first({
        variants: [
          { subject: 'A', body: 'a' },
          { subject: 'B', body: 'b' },
        ],
      }),
      taskStep(2),
      followUp(3),
    ],
  ) {
    const c = await campaignWith(steps);
    await startCampaign(orm, c.id, how);
    return c;
  }
  const locked = async (id: string, body: unknown, violation: string) => {
    const err = expectError(await put(id, body), 409, 'sequence_locked');
    expect(err.details!.violations).toEqual(expect.arrayContaining([expect.objectContaining({ code: violation })]));
  };

  it('accepts changed words, waits and conditions on steps sent back with their ids', async () => {
    const { id, steps } = await started();
    const body = sentBack(steps);
    body[0].variants = [
      { subject: 'New A', body: 'new a', enabled: true },
      { subject: 'New B', body: 'new b', enabled: true },
    ];
    body[1] = { ...body[1], wait_minutes: 120, condition: 'interested', task: { kind: 'call', text: 'Call instead' } };
    body[2] = { ...body[2], wait_minutes: 4320, condition: 'not_interested' };
    expect((await put(id, body)).body).toEqual({ steps: 3 });
    const after = await storedSteps(orm, id);
    expect(after.map((s) => s.id)).toEqual(steps.map((s) => s.id));
    expect(after[0].variants[0].subject).toBe('New A');
    expect(after[1]).toMatchObject({ waitMinutes: 120, condition: 'interested', task: { kind: 'call', text: 'Call instead' } });
    expect(after[2]).toMatchObject({ waitMinutes: 4320, condition: 'not_interested' });
  });

  it('accepts new steps, and new variants, added at the end', async () => {
    const { id, steps } = await started();
    const body: Json[] = sentBack(steps);
    (body[2].variants as Json[]).push({ subject: 'Re: B', body: 'another' });
    body.push(followUp(4), taskStep(5));
    expect((await put(id, body)).body).toEqual({ steps: 5 });
    const after = await storedSteps(orm, id);
    expect(after.slice(0, 3).map((s) => s.id)).toEqual(steps.map((s) => s.id));
    expect(after[2].variants).toHaveLength(2);
  });

  it('refuses fewer steps, an empty list included (409)', async () => {
    const { id, steps } = await started();
    await locked(id, sentBack(steps).slice(0, 2), 'step_removed');
    await locked(id, [], 'step_removed');
    expect(await storedSteps(orm, id)).toHaveLength(3);
  });

  it('refuses a moved step (409)', async () => {
    const { id, steps } = await started('sent', [first(), followUp(2), followUp(3)]);
    const [s1, s2, s3] = sentBack(steps);
    await locked(id, [s1, { ...s3, position: 2 }, { ...s2, position: 3 }], 'step_moved');
  });

  it('refuses an email turned into a task, or a task into an email, at an occupied position (409)', async () => {
    const { id, steps } = await started();
    const [s1, s2, s3] = sentBack(steps);
    await locked(id, [s1, s2, { ...s3, variants: [], task: { kind: 'call', text: 'Call' } }], 'step_retyped');
    await locked(id, [s1, { ...s2, task: null, variants: [{ subject: '', body: 'Now an email' }], condition: null, wait_minutes: 1440 }, s3], 'step_retyped');
  });

  it('refuses an id that is not one of its steps, and existing steps sent without ids (409)', async () => {
    const { id, steps } = await started();
    await locked(id, [...sentBack(steps), { ...followUp(4), id: randomUUID() }], 'unknown_step_id');
    await locked(id, [first(), taskStep(2), followUp(3)], 'missing_step_id');
  });

  it('refuses removing a variant that sends refer to by number (409); switch it off instead', async () => {
    const { id, steps } = await started();
    const body = sentBack(steps);
    body[0] = { ...body[0], variants: [body[0].variants[0]] };
    await locked(id, body, 'variant_removed');
  });

  it('locks a task-first sequence once a task is closed', async () => {
    const { id, steps } = await started('task_closed', [taskStep(1, { wait_minutes: 0 }), first({ position: 2, wait_minutes: 1440 })]);
    await locked(id, sentBack(steps).slice(0, 1), 'step_removed');
    expect((await put(id, sentBack(steps))).status).toBe(200);
  });

  it('still applies the step rules (400 before 409)', async () => {
    const { id, steps } = await started();
    const body = sentBack(steps);
    body[2] = { ...body[2], wait_minutes: 10 };
    expectError(await put(id, body), 400, 'follow_up_wait_too_short');
  });
});

describe('PATCH /campaigns/:id/steps/:position/variants/:variant', () => {
  const twoVariants = () =>
    campaignWith([
      first({
        variants: [
          { subject: 'A', body: 'a' },
          { subject: 'B', body: 'b' },
        ],
      }),
      taskStep(2),
    ]);
  const patch = (id: string, position: number | string, variant: number | string, body: unknown) => api.patch(`/campaigns/${id}/steps/${position}/variants/${variant}`, body);

  it('turns a variant off and on again (variants numbered from 1)', async () => {
    const { id } = await twoVariants();
    const off = await patch(id, 1, 1, { enabled: false });
    expect(off.status).toBe(200);
    expect(off.body).toEqual({ step: 1, variant: 1, enabled: false });
    expect((await storedSteps(orm, id))[0].variants.map((v) => v.enabled)).toEqual([false, true]);
    expect((await patch(id, 1, 1, { enabled: true })).body).toEqual({ step: 1, variant: 1, enabled: true });
    expect((await storedSteps(orm, id))[0].variants.map((v) => v.enabled)).toEqual([true, true]);
  });

  it('refuses turning off the last enabled variant (400, rule 8)', async () => {
    const { id } = await twoVariants();
    await patch(id, 1, 2, { enabled: false });
    expectError(await patch(id, 1, 1, { enabled: false }), 400, 'last_enabled_variant');
    expect((await storedSteps(orm, id))[0].variants.map((v) => v.enabled)).toEqual([true, false]);
    // Setting an off variant off again is a no-op, not a refusal.
    expect((await patch(id, 1, 2, { enabled: false })).status).toBe(200);
  });

  it('keeps one variant on when two requests switch off the two variants at once', async () => {
    const { id } = await twoVariants();
    const results = await Promise.all([patch(id, 1, 1, { enabled: false }), patch(id, 1, 2, { enabled: false })]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    expect((await storedSteps(orm, id))[0].variants.filter((v) => v.enabled)).toHaveLength(1);
  });

  it('still works after the campaign has started', async () => {
    const { id } = await twoVariants();
    await startCampaign(orm, id);
    expect((await patch(id, 1, 2, { enabled: false })).status).toBe(200);
  });

  it.each([
    ['an unknown position', 3, 1],
    ['position 0', 0, 1],
    ['a position that is not a number', 'one', 1],
    ['an unknown variant', 1, 3],
    ['variant 0', 1, 0],
    ['a fractional variant', 1, '1.5'],
    ['a task step (no variants)', 2, 1],
  ])('answers 404 for %s', async (_what, position, variant) => {
    const { id } = await twoVariants();
    expectError(await patch(id, position, variant, { enabled: false }), 404, 'not_found');
  });

  it('refuses a body without a boolean `enabled` (400)', async () => {
    const { id } = await twoVariants();
    expectError(await patch(id, 1, 1, { enabled: 'no' }), 400, 'validation_failed');
    expectError(await patch(id, 1, 1, {}), 400, 'validation_failed');
    expectError(await patch(id, 1, 1, [false]), 400, 'invalid_body');
  });
});

describe('workspace isolation', () => {
  it("answers 404 for another workspace's campaign on every step endpoint and changes nothing", async () => {
    const { id, steps } = await campaignWith([
      first({
        variants: [
          { subject: 'A', body: 'a' },
          { subject: 'B', body: 'b' },
        ],
      }),
    ]);
    expectError(await b.client.put(`/campaigns/${id}/steps`, [first()]), 404, 'not_found');
    expectError(await b.client.put(`/campaigns/${id}/steps`, []), 404, 'not_found');
    expectError(await b.client.patch(`/campaigns/${id}/steps/1/variants/1`, { enabled: false }), 404, 'not_found');
    const gqlPut = await b.client.gql(ops.UpdateCampaignStepsDocument, { campaignId: id, steps: [] });
    expect(gqlPut.errors?.[0].extensions).toMatchObject({ code: 'not_found', status: 404 });
    const gqlVariant = await b.client.gql(ops.UpdateStepVariantDocument, { campaignId: id, position: 1, variant: 1, enabled: false });
    expect(gqlVariant.errors?.[0].extensions).toMatchObject({ code: 'not_found', status: 404 });
    const after = await storedSteps(orm, id);
    expect(after.map((s) => s.id)).toEqual(steps.map((s) => s.id));
    expect(after[0].variants.map((v) => v.enabled)).toEqual([true, true]);
  });
});

describe('GraphQL', () => {
  const gqlFirst = {
    position: 1,
    waitMinutes: 0,
    variants: [
      { subject: 'Hi', body: 'First' },
      { subject: 'Hey', body: 'Other' },
    ],
  };

  it('updateCampaignSteps writes the sequence like PUT', async () => {
    const id = await campaign();
    const res = await api.gql(ops.UpdateCampaignStepsDocument, {
      campaignId: id,
      steps: [gqlFirst, { position: 2, waitMinutes: 30, task: { kind: 'call', text: 'Call' }, condition: 'interested' }],
    });
    expect(res.errors).toBeUndefined();
    expect(res.data!.updateCampaignSteps).toEqual({ steps: 2 });
    expect((await storedSteps(orm, id)).map((s) => [s.position, s.task?.kind ?? null, s.variants.length])).toEqual([
      [1, null, 2],
      [2, 'call', 0],
    ]);
  });

  it('updateCampaignSteps refuses with the same codes as REST', async () => {
    const id = await campaign();
    const rule = await api.gql(ops.UpdateCampaignStepsDocument, { campaignId: id, steps: [{ ...gqlFirst, condition: 'clicked' }] });
    expect(rule.errors?.[0].extensions).toMatchObject({ code: 'first_step_condition', status: 400 });
    const input = await api.gql(ops.UpdateCampaignStepsDocument, { campaignId: id, steps: [{ position: 1, task: { kind: 'fax', text: 'x' } }] });
    expect(input.errors?.[0].extensions).toMatchObject({ code: 'validation_failed', status: 400 });
    const anonymous = await api.withToken(null).gql(ops.UpdateCampaignStepsDocument, { campaignId: id, steps: [] });
    expect(anonymous.errors?.[0].extensions).toMatchObject({ code: 'unauthorized' });
  });

  it('updateCampaignSteps answers 409 sequence_locked once the campaign has started', async () => {
    const { id } = await campaignWith([first(), followUp(2)]);
    await startCampaign(orm, id);
    const res = await api.gql(ops.UpdateCampaignStepsDocument, { campaignId: id, steps: [gqlFirst] });
    expect(res.errors?.[0].extensions).toMatchObject({ code: 'sequence_locked', status: 409 });
  });

  it('updateStepVariant switches a variant and keeps the last one on', async () => {
    const id = await campaign();
    await api.gql(ops.UpdateCampaignStepsDocument, { campaignId: id, steps: [gqlFirst] });
    const off = await api.gql(ops.UpdateStepVariantDocument, { campaignId: id, position: 1, variant: 2, enabled: false });
    expect(off.data!.updateStepVariant).toEqual({ step: 1, variant: 2, enabled: false });
    const last = await api.gql(ops.UpdateStepVariantDocument, { campaignId: id, position: 1, variant: 1, enabled: false });
    expect(last.errors?.[0].extensions).toMatchObject({ code: 'last_enabled_variant', status: 400 });
    const missing = await api.gql(ops.UpdateStepVariantDocument, { campaignId: id, position: 1, variant: 9, enabled: true });
    expect(missing.errors?.[0].extensions).toMatchObject({ code: 'not_found', status: 404 });
  });
});
