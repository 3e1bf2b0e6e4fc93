import { afterStep } from '../../../src/modules/leads/lifecycle/lead-progress';

const steps = [
  { position: 1, waitMinutes: 0 },
  { position: 2, waitMinutes: 1440 },
  { position: 3, waitMinutes: 2880 },
];
const at = new Date('2026-03-02T10:00:00.000Z');

describe('afterStep', () => {
  it('moves an active lead to the next step, due after that step’s wait from now', () => {
    expect(afterStep(steps, 1, at, 'pending')).toEqual({
      currentStep: 1,
      lastStepAt: at,
      status: 'active',
      nextDueAt: new Date('2026-03-03T10:00:00.000Z'),
    });
  });

  it('completes the lead after the last step, with nothing due', () => {
    expect(afterStep(steps, 3, at, 'active')).toEqual({ currentStep: 3, lastStepAt: at, status: 'completed', nextDueAt: null });
  });

  it('keeps a paused lead paused (a task closed while the lead was paused)', () => {
    expect(afterStep(steps, 2, at, 'paused').status).toBe('paused');
  });

  it('finds the next step by position whatever the order given', () => {
    const shuffled = [steps[2]!, steps[0]!, steps[1]!];
    expect(afterStep(shuffled, 1, at, 'active').nextDueAt).toEqual(new Date('2026-03-03T10:00:00.000Z'));
  });
});
