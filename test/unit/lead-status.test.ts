// PATCH /leads/:id status moves (api.md Leads rule 1): paused on a lead still in sequence; active only
// from paused, resuming where it stopped; the state it is already in changes nothing; else 409.
import { AppError } from '../../src/contracts/errors';
import { nextStatus } from '../../src/modules/leads/leads.service';
import type { LeadStatus } from '../../src/modules/leads/lead.entity';

const lead = (status: LeadStatus, currentStep = 0, lastSentAt: Date | null = null) => ({ status, currentStep, lastSentAt });
const conflictCode = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).status).toBe(409);
    return (err as AppError).code;
  }
  throw new Error('no conflict');
};

describe('nextStatus', () => {
  it('pauses pending and active leads; pausing a paused lead keeps it paused', () => {
    expect(nextStatus(lead('pending'), 'paused')).toBe('paused');
    expect(nextStatus(lead('active', 1), 'paused')).toBe('paused');
    expect(nextStatus(lead('paused'), 'paused')).toBe('paused');
  });

  it.each(['completed', 'replied', 'unsubscribed', 'bounced', 'stopped'] as const)('refuses to pause a %s lead', (status) => {
    expect(conflictCode(() => nextStatus(lead(status, 2), 'paused'))).toBe('lead_not_in_sequence');
  });

  it('resumes a paused lead to active once its sequence started, to pending before', () => {
    expect(nextStatus(lead('paused', 1), 'active')).toBe('active');
    expect(nextStatus(lead('paused'), 'active')).toBe('pending');
    // A one-off (lastSentAt) does not start the sequence: made active at step 0 it had no due time and
    // no due read took it again.
    expect(nextStatus(lead('paused', 0, new Date()), 'active')).toBe('pending');
  });

  it('keeps an active lead active', () => {
    expect(nextStatus(lead('active', 1), 'active')).toBe('active');
  });

  it.each(['pending', 'completed', 'replied', 'unsubscribed', 'bounced', 'stopped'] as const)('refuses to make a %s lead active', (status) => {
    expect(conflictCode(() => nextStatus(lead(status), 'active'))).toBe('lead_not_paused');
  });
});
