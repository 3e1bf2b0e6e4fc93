// api.md "Steps and templates" rules 1, 2, 5, 6, 8 and decisions.md §5, as the pure check sees them.
import { MAX_STEPS, MAX_VARIANTS, stepRuleErrors, type StepDraft } from '../../src/modules/steps/step-rules';

const email = (position: number, over: Partial<StepDraft> = {}): StepDraft => ({
  position,
  waitMinutes: position === 1 ? 0 : 1440,
  variants: [{ subject: position === 1 ? 'Hello {{firstName|there}}' : '', body: 'Body', enabled: true }],
  condition: null,
  task: null,
  ...over,
});
const task = (position: number, over: Partial<StepDraft> = {}): StepDraft => ({
  position,
  waitMinutes: 0,
  variants: [],
  condition: null,
  task: { kind: 'linkedin_connect', text: 'Connect with {{firstName}}' },
  ...over,
});
const codes = (steps: StepDraft[]) => stepRuleErrors(steps).map((e) => e.code);

describe('stepRuleErrors', () => {
  it('accepts an empty sequence and a valid mixed sequence', () => {
    expect(stepRuleErrors([])).toEqual([]);
    expect(stepRuleErrors([email(1), task(2, { condition: 'interested' }), email(3, { waitMinutes: 2000 }), email(4, { condition: 'clicked', waitMinutes: 5 })])).toEqual([]);
  });

  it('accepts steps sent in any order as long as positions run 1..n', () => {
    expect(stepRuleErrors([email(2), email(1)])).toEqual([]);
  });

  it('refuses duplicate positions and gaps (rule 1)', () => {
    expect(codes([email(1), email(1)])).toContain('duplicate_position');
    expect(codes([email(1), email(3)])).toEqual(['position_gap']);
    expect(codes([task(2)])).toEqual(['position_gap']);
  });

  it('refuses one id sent for two steps', () => {
    const id = '0b0b0b0b-0000-4000-8000-000000000001';
    expect(codes([email(1, { id }), email(2, { id })])).toEqual(['duplicate_step_id']);
  });

  it(`refuses more than ${MAX_STEPS} steps`, () => {
    const many = Array.from({ length: MAX_STEPS + 1 }, (_, i) => email(i + 1));
    expect(codes(many)).toEqual(['too_many_steps']);
    expect(codes(many.slice(0, MAX_STEPS))).toEqual([]);
  });

  it.each(['interested', 'not_interested', 'clicked'] as const)('refuses step 1 waiting on %s (rule 5)', (condition) => {
    expect(codes([email(1, { condition })])).toEqual(['first_step_condition']);
    expect(codes([task(1, { condition })])).toContain('first_step_condition');
  });

  it('lets step 1 use no_reply or null and wait 0', () => {
    expect(codes([email(1, { condition: 'no_reply', waitMinutes: 0 })])).toEqual([]);
  });

  it('refuses a task step waiting on a click (rule 5) but allows reply conditions', () => {
    expect(codes([email(1), task(2, { condition: 'clicked' })])).toEqual(['task_clicked_condition']);
    expect(codes([email(1), task(2, { condition: 'not_interested' })])).toEqual([]);
  });

  it('refuses a follow-up email on no_reply or null waiting less than 1440 minutes (rule 6)', () => {
    expect(codes([email(1), email(2, { waitMinutes: 1439 })])).toEqual(['follow_up_wait_too_short']);
    expect(codes([email(1), email(2, { waitMinutes: 1439, condition: 'no_reply' })])).toEqual(['follow_up_wait_too_short']);
    expect(codes([email(1), email(2, { waitMinutes: 1440 })])).toEqual([]);
  });

  it('lets conditional follow-ups and tasks wait less than a day', () => {
    expect(codes([email(1), email(2, { waitMinutes: 0, condition: 'interested' })])).toEqual([]);
    expect(codes([email(1), email(2, { waitMinutes: 60, condition: 'clicked' })])).toEqual([]);
    expect(codes([email(1), task(2, { waitMinutes: 10 })])).toEqual([]);
  });

  it('needs a subject on the first email only; a follow-up may leave it empty (rule 2)', () => {
    expect(codes([email(1, { variants: [{ subject: '  ', body: 'b', enabled: true }] })])).toEqual(['subject_required']);
    expect(codes([email(1), email(2, { variants: [{ subject: '', body: 'b', enabled: true }] })])).toEqual([]);
    // After a task, the first email has no thread to reply in.
    expect(codes([task(1), email(2, { variants: [{ subject: '', body: 'b', enabled: true }] })])).toEqual(['subject_required']);
  });

  it('needs at least one variant with a non-blank body on an email step', () => {
    expect(codes([email(1, { variants: [] })])).toEqual(['no_variants']);
    const err = stepRuleErrors([
      email(1, {
        variants: [
          { subject: 's', body: 'b', enabled: true },
          { subject: 's', body: ' \n', enabled: true },
        ],
      }),
    ]);
    expect(err).toEqual([expect.objectContaining({ code: 'blank_body', position: 1, variant: 2 })]);
  });

  it(`refuses more than ${MAX_VARIANTS} variants`, () => {
    const variants = Array.from({ length: MAX_VARIANTS + 1 }, () => ({ subject: 's', body: 'b', enabled: true }));
    expect(codes([email(1, { variants })])).toEqual(['too_many_variants']);
    expect(codes([email(1, { variants: variants.slice(1) })])).toEqual([]);
  });

  it('needs one enabled variant per email step (rule 8)', () => {
    expect(codes([email(1, { variants: [{ subject: 's', body: 'b', enabled: false }] })])).toEqual(['no_enabled_variant']);
    expect(
      codes([
        email(1, {
          variants: [
            { subject: 's', body: 'b', enabled: false },
            { subject: 't', body: 'c', enabled: true },
          ],
        }),
      ]),
    ).toEqual([]);
  });

  it('wants a task step with no variants and a non-blank text (decisions.md §5)', () => {
    expect(codes([task(1, { variants: [{ subject: 's', body: 'b', enabled: true }] })])).toEqual(['task_has_variants']);
    expect(codes([task(1, { task: { kind: 'call', text: '   ' } })])).toEqual(['blank_task_text']);
  });

  it('reports every broken rule with its position, in position order', () => {
    const errors = stepRuleErrors([email(2, { waitMinutes: 0 }), email(1, { condition: 'clicked' })]);
    expect(errors.map((e) => [e.code, e.position])).toEqual([
      ['first_step_condition', 1],
      ['follow_up_wait_too_short', 2],
    ]);
    expect(errors.every((e) => e.message.length > 0)).toBe(true);
  });
});
