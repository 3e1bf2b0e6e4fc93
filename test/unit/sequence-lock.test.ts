// api.md Steps rule 7: what a write may change once the campaign has started.
import { lockViolations, type IncomingStepShape, type LockedStepShape } from '../../src/modules/steps/sequence-lock';

const A = 'aaaaaaaa-0000-4000-8000-000000000001';
const B = 'bbbbbbbb-0000-4000-8000-000000000002';
const C = 'cccccccc-0000-4000-8000-000000000003';

const existing: LockedStepShape[] = [
  { id: A, position: 1, isTask: false, variantCount: 2 },
  { id: B, position: 2, isTask: true, variantCount: 0 },
];
const same = (): IncomingStepShape[] => existing.map((s) => ({ ...s }));
const codes = (incoming: IncomingStepShape[]) => lockViolations(existing, incoming).map((v) => v.code);

describe('lockViolations', () => {
  it('accepts every existing step back at its position with its id', () => {
    expect(lockViolations(existing, same())).toEqual([]);
  });

  it('accepts new steps (and new variants) added at the end without ids', () => {
    const incoming = same();
    incoming[0].variantCount = 3;
    incoming.push({ position: 3, isTask: false, variantCount: 1 });
    expect(lockViolations(existing, incoming)).toEqual([]);
  });

  it('refuses fewer steps, including an empty list', () => {
    expect(codes(same().slice(0, 1))).toEqual(['step_removed']);
    expect(codes([])).toEqual(['step_removed', 'step_removed']);
  });

  it('refuses a moved step', () => {
    const [a, b] = same();
    expect(
      codes([
        { ...b, position: 1 },
        { ...a, position: 2 },
      ]),
    ).toEqual(['step_moved', 'step_moved']);
  });

  it('refuses an email turned into a task, and a task into an email, at an occupied position', () => {
    const [a, b] = same();
    expect(codes([{ ...a, isTask: true, variantCount: 0 }, b])).toEqual(['step_retyped']);
    expect(codes([a, { ...b, isTask: false, variantCount: 1 }])).toEqual(['step_retyped']);
  });

  it('refuses an id that is not a step of the campaign', () => {
    expect(codes([...same(), { id: C, position: 3, isTask: false, variantCount: 1 }])).toEqual(['unknown_step_id']);
  });

  it('names an existing step sent back without its id', () => {
    const [a, b] = same();
    const violations = lockViolations(existing, [a, { ...b, id: undefined }]);
    expect(violations).toEqual([expect.objectContaining({ code: 'missing_step_id', position: 2, id: B })]);
  });

  it('refuses removing a variant of an email step that leads refer to by number', () => {
    const [a, b] = same();
    expect(codes([{ ...a, variantCount: 1 }, b])).toEqual(['variant_removed']);
  });
});
