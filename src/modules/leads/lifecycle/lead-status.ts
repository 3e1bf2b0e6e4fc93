// Which lead statuses are still in a sequence, which ended it, and which of them a stop still changes:
// decided here once and asked by every other place (conventions.md "One owner per rule"), in TypeScript
// and in the SQL built below from the same lists. The two forms are tested against each other in
// PostgreSQL (test/integration/lead-status-sql.test.ts). Pure: the scheduling core imports it.
import type { LeadStatus } from '../lead.entity';

type Phase = 'in_sequence' | 'ended';

/** Every status's phase (decisions.md §5 Lead status): a status added to LeadStatus without one here
 *  does not compile. */
const PHASE = {
  pending: 'in_sequence', // no first email yet
  active: 'in_sequence',
  paused: 'in_sequence', // waits to be resumed, where it stopped
  completed: 'ended', // every step behind it
  replied: 'ended',
  unsubscribed: 'ended',
  bounced: 'ended',
  stopped: 'ended', // stop_reason says why
} as const satisfies Record<LeadStatus, Phase>;

const statusesIn = (phase: Phase) => (Object.keys(PHASE) as LeadStatus[]).filter((s) => PHASE[s] === phase);

/** Still in the sequence: steps may still go to them (a paused one's once it is resumed). */
export const IN_SEQUENCE_STATUSES: readonly LeadStatus[] = statusesIn('in_sequence');

/** The sequence ended for good: nothing more is due or sent for these, whatever the campaign does. */
export const ENDED_STATUSES: readonly LeadStatus[] = statusesIn('ended');

/** In the sequence and not paused: the leads the engine moves on (due, completed, tasks listed). */
export const RUNNING_STATUSES: readonly LeadStatus[] = IN_SEQUENCE_STATUSES.filter((s) => s !== 'paused');

export const isInSequence = (status: LeadStatus): boolean => PHASE[status] === 'in_sequence';

export const isEnded = (status: LeadStatus): boolean => PHASE[status] === 'ended';

/** What the person did that rules out any further sequence email to the address, whatever campaign asks:
 *  such a lead never joins a subsequence (subsequences/README.md). */
export const UNREACHABLE_STATUSES: readonly LeadStatus[] = ['unsubscribed', 'bounced'];

/** The lead's address can still be emailed a sequence (not UNREACHABLE_STATUSES). */
export const isReachable = (status: LeadStatus): boolean => !UNREACHABLE_STATUSES.includes(status);

/** What a stop writes (decisions.md §6: replied, stopped; §5: unsubscribed, bounced). */
export type StopStatus = 'replied' | 'unsubscribed' | 'bounced' | 'stopped';

/**
 * The statuses each stop changes. A lead still in its sequence always stops. An ended lead keeps its
 * first status and reason (the first stop is the true one), except a completed one, whose steps are all
 * behind it: a reply, an unsubscribe or a bounce of its last email still records what the person did
 * (the campaign's lead counts read it from the status), but nothing makes it `stopped`, since no
 * sequence was left to stop (an out-of-office answering the last email, a colleague's reply, a
 * pipeline move, an invalid address found afterwards).
 */
const CHANGED_BY: Record<StopStatus, readonly LeadStatus[]> = {
  replied: [...IN_SEQUENCE_STATUSES, 'completed'],
  unsubscribed: [...IN_SEQUENCE_STATUSES, 'completed'],
  bounced: [...IN_SEQUENCE_STATUSES, 'completed'],
  stopped: IN_SEQUENCE_STATUSES,
};

export const STOP_STATUSES = Object.keys(CHANGED_BY) as StopStatus[];

/** Whether a stop to `to` changes a lead whose status is `from` (CHANGED_BY). */
export const stopChanges = (from: LeadStatus, to: StopStatus): boolean => CHANGED_BY[to].includes(from);

// --- The same rules in SQL ----------------------------------------------------------------------------

/** `('a', 'b')`. Only ever given the lists above: our own words, never user text. */
const sqlList = (statuses: readonly string[]) => `(${statuses.map((s) => `'${s}'`).join(', ')})`;

/** The status column of row `l`, or of the statement's only table when no alias is given. */
const column = (l?: string) => (l ? `${l}."status"` : `"status"`);

/** SQL: the lead row is still in its sequence (IN_SEQUENCE_STATUSES). */
export const inSequenceSql = (l?: string): string => `${column(l)} in ${sqlList(IN_SEQUENCE_STATUSES)}`;

/** SQL: the lead row is in its sequence and not paused (RUNNING_STATUSES). */
export const runningSql = (l?: string): string => `${column(l)} in ${sqlList(RUNNING_STATUSES)}`;

/** SQL: the lead row `l` can still be emailed a sequence (isReachable). */
export const reachableSql = (l: string): string => `${column(l)} not in ${sqlList(UNREACHABLE_STATUSES)}`;

/** SQL: a stop to `to` changes the lead row `l` (stopChanges). */
export const stopChangesSql = (l: string, to: StopStatus): string => `${column(l)} in ${sqlList(CHANGED_BY[to])}`;

/** SQL: a stop to the status the SQL expression `to` gives, per row, changes the lead row `l` (false
 *  when `to` is null or no stop status). */
export const stopChangesSqlFor = (l: string, to: string): string => `case ${to} ${STOP_STATUSES.map((s) => `when '${s}' then ${stopChangesSql(l, s)}`).join(' ')} else false end`;
