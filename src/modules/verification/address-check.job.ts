// Address verification in the background (api.md Checks 4, decisions.md §5 Verifier): the campaign's
// `pending` leads go to the workspace's verifier one address at a time, at most VERIFIER_CONCURRENCY at
// once and no faster than VERIFIER_PER_SECOND, and each answer is written set-wise a page at a time.
// - On demand (`verify-addresses`, queued by POST /campaigns/:id/verify-addresses with ids only), and
//   every minute by the sweep (`verification-sweep`) for every campaign with pending leads: that is the
//   retry of addresses whose check failed, and the pick-up after a restart or a lost queue entry. Both
//   re-read the pending leads from the database; nothing is kept in the job.
// - A check that fails (verifier down, timed out, refused) leaves the lead `pending`; the next pass asks
//   again. A hold that started a day ago or more becomes `expired` first (the lead is then sent
//   unchecked, as sending/schedule/due.ts does when such a lead comes due), so no lead is held longer.
// - Safe to run twice: answers are written only to leads still `pending`; within one process the two
//   jobs never work on one campaign at once (a second run for it returns at once).
import { setTimeout as sleep } from 'node:timers/promises';
import type { AppDeps } from '../../runtime/context';
import { mapLimited } from '../../runtime/concurrency';
import type { JobDefinition } from '../../runtime/job';
import type { VerifierPort } from '../../runtime/ports';
import { VERIFICATION_HOLD_MS } from '../sending/schedule/due';
import { campaignsWithPending, campaignVerificationKey, dropQueuedSendsOf, expireStale, pendingPage, writeChecks, type CheckedLead } from './verification.queries';

export const ADDRESS_CHECK_JOB = 'verify-addresses';
export const VERIFICATION_SWEEP_JOB = 'verification-sweep';
/** Checks in flight at once, per campaign pass. */
export const VERIFIER_CONCURRENCY = 8;
/** Checks started per second at most, per campaign pass: a steady rate the verifier will not throttle. */
export const VERIFIER_PER_SECOND = 10;
const PAGE = 200;

export interface AddressCheckData {
  workspaceId: string;
  campaignId: string;
}

export interface AddressCheckOptions {
  concurrency?: number;
  perSecond?: number;
  stopping?: () => boolean;
  /** The verifier to ask (deps.verifier unless given). */
  verifier?: VerifierPort;
}

export interface AddressCheckReport {
  checked: number;
  failed: number;
  expired: number;
}

/** Starts no faster than `perSecond`, evenly spaced. */
function pacer(perSecond: number): () => Promise<void> {
  const gap = 1000 / perSecond;
  let next = 0;
  return async () => {
    const now = Date.now();
    const at = Math.max(now, next);
    next = at + gap;
    if (at > now) await sleep(at - now);
  };
}

/** One pass over a campaign's pending leads: stale holds expired, every other pending lead asked once. */
export async function checkCampaignAddresses(deps: AppDeps, data: AddressCheckData, opts: AddressCheckOptions = {}): Promise<AddressCheckReport> {
  const report: AddressCheckReport = { checked: 0, failed: 0, expired: 0 };
  const em = deps.orm.em.fork();
  const stopping = opts.stopping ?? (() => false);
  const verifier = opts.verifier ?? deps.verifier;
  const keyEnc = await campaignVerificationKey(em, data.workspaceId, data.campaignId);
  if (keyEnc === undefined) return report;
  report.expired = await expireStale(em, data.campaignId, new Date(deps.clock.now().getTime() - VERIFICATION_HOLD_MS));
  // No key (or one SECRET_KEY cannot open): the leads wait, and expire after their day.
  let key: string;
  try {
    if (!keyEnc) return report;
    key = deps.secrets.decrypt(keyEnc);
  } catch (err) {
    deps.log.error('the verification key cannot be read', { workspaceId: data.workspaceId, err: String(err) });
    return report;
  }
  const pace = pacer(opts.perSecond ?? VERIFIER_PER_SECOND);
  let after: { startedAt: Date; id: string } | null = null;
  while (!stopping()) {
    const page = await pendingPage(em, data.campaignId, after, PAGE);
    if (!page.length) break;
    after = { startedAt: page.at(-1)!.startedAt, id: page.at(-1)!.id };
    const answers = await mapLimited(page, opts.concurrency ?? VERIFIER_CONCURRENCY, async (lead): Promise<CheckedLead | null> => {
      if (stopping()) return null;
      await pace();
      try {
        const r = await verifier.check(key, lead.email);
        return { id: lead.id, verification: r.verdict, result: r.result };
      } catch {
        // Stays pending: asked again by the next pass, expired after its day.
        report.failed++;
        return null;
      }
    });
    const checked = answers.filter((a): a is CheckedLead => a !== null);
    await em.transactional(async (tx) => {
      const stopped = await writeChecks(tx, checked, deps.clock.now());
      await dropQueuedSendsOf(tx, stopped, 'The verifier found the address invalid.');
    });
    report.checked += checked.length;
    if (page.length < PAGE) break;
  }
  return report;
}

/** The on-demand job and the sweep, sharing one "campaigns being checked" set. Told to stop, a pass asks
 *  no further address and writes the answers it has; the leads left stay `pending` for the next pass. */
export function createAddressCheckJobs(): JobDefinition[] {
  const running = new Set<string>();
  const pass = async (deps: AppDeps, data: AddressCheckData, signal: AbortSignal) => {
    if (running.has(data.campaignId)) return;
    running.add(data.campaignId);
    try {
      const report = await checkCampaignAddresses(deps, data, { stopping: () => signal.aborted });
      if (report.checked || report.failed || report.expired) deps.log.info('addresses checked', { campaignId: data.campaignId, ...report });
    } finally {
      running.delete(data.campaignId);
    }
  };
  return [
    { name: ADDRESS_CHECK_JOB, concurrency: 1, run: (deps, data, { signal }) => pass(deps, data as AddressCheckData, signal) },
    {
      name: VERIFICATION_SWEEP_JOB,
      every: '1 minute',
      concurrency: 1,
      async run(deps, _data, { signal }) {
        for (const data of await campaignsWithPending(deps.orm.em.fork())) {
          if (signal.aborted) return;
          await pass(deps, data, signal);
        }
      },
    },
  ];
}
