// The placement view's pure logic (decisions.md §16): results in words, the sender × provider grid and
// each inbox's rate over time. Kept apart from the components so unit tests read it (test/unit/placement).

export interface Auth {
  spf: string | null;
  dkim: string | null;
  dmarc: string | null;
}

export interface Result {
  mailboxId: string;
  seedProvider: string;
  placement: string | null;
}

/** What each RFC 8601 result means to a person. */
const RESULT_WORDS: Record<string, string> = {
  pass: 'passed',
  fail: 'failed',
  softfail: 'failed softly',
  neutral: 'neutral',
  none: 'not set up',
  temperror: 'could not be checked (temporary error)',
  permerror: 'broken (permanent error)',
};

/** "SPF passed, DKIM failed, DMARC passed"; a method the header did not name is said to be unreported. */
export function authInWords(auth: Auth | null): string {
  if (!auth) return 'No authentication results';
  const one = (name: string, v: string | null) => `${name} ${v === null ? 'not reported' : (RESULT_WORDS[v] ?? v)}`;
  return [one('SPF', auth.spf), one('DKIM', auth.dkim), one('DMARC', auth.dmarc)].join(', ');
}

/** Whether every method passed (green), any failed (red) or something in between. */
export function authTone(auth: Auth | null): 'ok' | 'warn' | 'danger' {
  if (!auth) return 'warn';
  const values = [auth.spf, auth.dkim, auth.dmarc];
  if (values.some((v) => v === 'fail' || v === 'permerror')) return 'danger';
  return values.every((v) => v === 'pass') ? 'ok' : 'warn';
}

export const PLACEMENT_WORDS: Record<string, { words: string; badge: string }> = {
  inbox: { words: 'Inbox', badge: 'ok' },
  category: { words: 'Gmail tab', badge: 'ok' },
  spam: { words: 'Spam', badge: 'danger' },
  other: { words: 'Other folder', badge: 'warn' },
  missing: { words: 'Missing', badge: 'danger' },
  failed: { words: 'Not sent', badge: 'danger' },
};

export const placementWords = (p: string | null) => (p === null ? { words: 'Looking…', badge: '' } : (PLACEMENT_WORDS[p] ?? { words: p, badge: '' }));

export interface Cell {
  /** Copies that reached the seed, of those tried. */
  reached: number;
  inboxed: number;
  pending: number;
  total: number;
  /** (inbox + category) ÷ reached, a percentage with one decimal; null when none reached. */
  rate: number | null;
}

/** The grid of one test: per sender (rows) and seed provider (columns), its copies counted. */
export function senderProviderGrid(results: readonly Result[]): { senders: string[]; providers: string[]; cell: (sender: string, provider: string) => Cell | null } {
  const cells = new Map<string, Cell>();
  const senders: string[] = [];
  const providers = new Set<string>();
  for (const r of results) {
    if (!senders.includes(r.mailboxId)) senders.push(r.mailboxId);
    providers.add(r.seedProvider);
    const key = `${r.mailboxId}|${r.seedProvider}`;
    const c = cells.get(key) ?? { reached: 0, inboxed: 0, pending: 0, total: 0, rate: null };
    c.total++;
    if (r.placement === null) c.pending++;
    else if (r.placement !== 'failed') c.reached++;
    if (r.placement === 'inbox' || r.placement === 'category') c.inboxed++;
    cells.set(key, c);
  }
  // As the service counts it: of the copies not refused by the sender's server (those still looked for
  // included); null until one has been seen.
  for (const c of cells.values()) c.rate = c.reached > 0 ? Math.round((1000 * c.inboxed) / (c.reached + c.pending)) / 10 : null;
  return { senders, providers: [...providers].sort(), cell: (s, p) => cells.get(`${s}|${p}`) ?? null };
}

export interface TestPoint {
  createdAt: string;
  bySender: readonly { mailboxId: string; email: string; inboxRate: number | null }[];
}

/** Each inbox's inbox rate per test, oldest test first: the x axis (Unix seconds) and one series per inbox. */
export function rateTrend(tests: readonly TestPoint[]): { x: number[]; days: string[]; series: { email: string; values: (number | null)[] }[] } {
  const ordered = [...tests].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  const emails = new Map<string, string>();
  for (const t of ordered) for (const s of t.bySender) emails.set(s.mailboxId, s.email);
  return {
    x: ordered.map((t) => Math.floor(new Date(t.createdAt).getTime() / 1000)),
    days: ordered.map((t) => t.createdAt.slice(0, 16).replace('T', ' ')),
    series: [...emails].map(([id, email]) => ({ email, values: ordered.map((t) => t.bySender.find((s) => s.mailboxId === id)?.inboxRate ?? null) })),
  };
}

export interface StartRefusal {
  text: string;
  /** Where it is fixed, in the console. */
  fix?: { label: string; href: string };
}

const INBOXES_PAGE = '/settings/inboxes';

/** Why starting a test from the console was refused, for the codes its form can meet (it names no sender
 *  or seed), in a person's words rather than the service's, which speak to API clients; any other code
 *  keeps the service's message. */
export const START_REFUSAL_WORDS: Record<string, (details?: Record<string, unknown>) => StartRefusal> = {
  no_seeds: () => ({
    text: 'A placement test needs at least one seed inbox to send to: connect a mailbox of your own at Gmail, Outlook, Yahoo or your own domain as a seed.',
    fix: { label: 'Connect a seed in Settings → Inboxes', href: INBOXES_PAGE },
  }),
  no_senders: () => ({
    text: 'No sending inbox is active, so there is nothing to test: connect one, or resume a paused one.',
    fix: { label: 'Open Settings → Inboxes', href: INBOXES_PAGE },
  }),
  placement_test_running: () => ({ text: 'A placement test is still running, and one runs at a time: start the next once it has finished.' }),
  rate_limited: (details) => {
    const seconds = typeof details?.retry_after_seconds === 'number' ? details.retry_after_seconds : null;
    const hours = seconds === null ? null : Math.max(1, Math.ceil(seconds / 3600));
    return {
      text: `Ten placement tests were started in the last 24 hours, the most a workspace may start in a day. ${hours === null ? 'Try again later.' : `Try again in ${hours === 1 ? 'an hour' : `${hours} hours`}.`}`,
    };
  },
};

/** A refusal of a start in words, or null when the console has none for its code. */
export function startRefusalInWords(error: { code?: string; details?: Record<string, unknown> } | null): StartRefusal | null {
  const words = error?.code && Object.hasOwn(START_REFUSAL_WORDS, error.code) ? START_REFUSAL_WORDS[error.code] : undefined;
  return words ? words(error!.details) : null;
}
