// api.md Steps rule 7: once a campaign has started (first email sent, or a task closed on a
// task-first sequence) its existing steps stay where they are. Leads, sends and tasks refer to steps by
// id and position and to variants by number, so a PUT may change words, waits and conditions and add
// steps (or variants) at the end, but never drop, move or retype what exists. Pure comparison.

export interface LockedStepShape {
  id: string;
  position: number;
  isTask: boolean;
  variantCount: number;
}

export interface IncomingStepShape {
  id?: string | null;
  position: number;
  isTask: boolean;
  variantCount: number;
}

export type LockViolationCode = 'step_removed' | 'missing_step_id' | 'step_moved' | 'step_retyped' | 'unknown_step_id' | 'variant_removed';

export interface LockViolation {
  code: LockViolationCode;
  position: number;
  id?: string;
  message: string;
}

const kind = (isTask: boolean) => (isTask ? 'a task' : 'an email');

/** What the incoming list breaks of the started sequence; empty when it may be saved. */
export function lockViolations(existing: readonly LockedStepShape[], incoming: readonly IncomingStepShape[]): LockViolation[] {
  const violations: LockViolation[] = [];
  const existingIds = new Set(existing.map((s) => s.id));
  const incomingById = new Map(incoming.filter((s) => s.id).map((s) => [s.id!, s]));
  const incomingByPosition = new Map(incoming.map((s) => [s.position, s]));

  for (const e of existing) {
    const sent = incomingById.get(e.id);
    if (!sent) {
      const atPosition = incomingByPosition.get(e.position);
      if (atPosition && !atPosition.id) {
        violations.push({ code: 'missing_step_id', position: e.position, id: e.id, message: `Step ${e.position} already exists; send it back with its id ${e.id} to change it.` });
      } else {
        violations.push({
          code: 'step_removed',
          position: e.position,
          id: e.id,
          message: `Step ${e.position} (id ${e.id}) cannot be removed once the campaign has started; send it back with its id.`,
        });
      }
    } else if (sent.position !== e.position) {
      violations.push({
        code: 'step_moved',
        position: e.position,
        id: e.id,
        message: `Step ${e.position} (id ${e.id}) cannot move to position ${sent.position} once the campaign has started.`,
      });
    } else if (sent.isTask !== e.isTask) {
      violations.push({
        code: 'step_retyped',
        position: e.position,
        id: e.id,
        message: `Step ${e.position} is ${kind(e.isTask)} and cannot become ${kind(sent.isTask)} once the campaign has started.`,
      });
    } else if (!e.isTask && sent.variantCount < e.variantCount) {
      violations.push({
        code: 'variant_removed',
        position: e.position,
        id: e.id,
        message: `Step ${e.position} has ${e.variantCount} variants and leads refer to them by number; once the campaign has started, turn a variant off instead of removing it.`,
      });
    }
  }
  for (const s of incoming) {
    if (s.id && !existingIds.has(s.id)) {
      violations.push({
        code: 'unknown_step_id',
        position: s.position,
        id: s.id,
        message: `Step id ${s.id} at position ${s.position} is not a step of this campaign; new steps are sent without an id.`,
      });
    }
  }
  return violations.sort((a, b) => a.position - b.position);
}
