// What a placement test sends (decisions.md §16): a campaign step's variant or a given subject and body,
// frozen on the test when it starts, and each copy composed from it exactly as a campaign email is
// (sending/render/compose.ts: the sender's signature, List-Unsubscribe and one-click, text and HTML unless
// the campaign is text-only), for a lead with no fields (fallbacks, blank fields, RANDOM, conditions),
// with no tracking (no pixel, no rewritten link) and no marker but the Message-ID.
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../contracts/errors';
import { Campaign } from '../campaigns/campaign.entity';
import { composeParts, type ComposedParts } from '../sending/render/compose';
import { replySubject } from '../sending/render/headers';
import { Step } from '../steps/step.entity';
import { latestEditedEmailStep } from './placement.queries';
import { spinSeed } from '../templates/spin';
import type { AppDeps } from '../../runtime/context';
import type { TestContent } from './placement.entity';

export type { TestContent };

/** A scheduled test's content when no active campaign has an email step: plain, neutral text. */
export const PLAIN_CONTENT: TestContent = {
  campaignId: null,
  step: null,
  variant: null,
  subject: 'Quick question about next week',
  body: 'Hi,\n\nI hope your week is going well. Would you have fifteen minutes on Thursday or Friday for a short call?\n\nThanks,\n{{sendingAccountFirstName}}',
  textOnly: false,
};

const unknownStep = (message: string, details: Record<string, unknown>) => new AppError('unknown_campaign_step', message, details);

/**
 * The content of a campaign's step and variant (step 1 and its first enabled variant unless given). A
 * follow-up with a blank subject, which a lead gets in the thread, is sent as `Re: <step 1's subject>`.
 * `em` is under the caller's workspace filter: another workspace's campaign is unknown.
 */
export async function campaignContent(em: EntityManager, campaignId: string, position: number | null, variantNo: number | null): Promise<TestContent> {
  const campaign = await em.findOne(Campaign, { id: campaignId });
  if (!campaign) throw unknownStep(`No campaign with id ${campaignId} in this workspace.`, { campaign_id: campaignId });
  const steps = await em.find(Step, { campaign: campaign.id }, { orderBy: { position: 'asc' } });
  const step = steps.find((s) => s.position === (position ?? 1));
  if (!step || !step.variants.length) {
    throw unknownStep(`The campaign has no email step at position ${position ?? 1}.`, { campaign_id: campaignId, step: position ?? 1 });
  }
  const index =
    variantNo === null
      ? Math.max(
          0,
          step.variants.findIndex((v) => v.enabled),
        )
      : variantNo - 1;
  const variant = step.variants[index];
  if (!variant) throw unknownStep(`Step ${step.position} has no variant ${variantNo}.`, { campaign_id: campaignId, step: step.position, variant: variantNo });
  let subject = variant.subject;
  if (subject.trim() === '') {
    // The thread's subject: the first email step's (it always has one, api.md Steps), its first enabled variant.
    const first = steps.find((s) => s.variants.length > 0)!;
    subject = replySubject((first.variants.find((v) => v.enabled) ?? first.variants[0]!).subject);
  }
  return { campaignId: campaign.id, step: step.position, variant: index + 1, subject, body: variant.body, textOnly: campaign.textOnly };
}

/** A scheduled test's content: the most recently edited email step of an active campaign, else PLAIN_CONTENT. */
export async function scheduledContent(em: EntityManager, workspaceId: string): Promise<TestContent> {
  const step = await latestEditedEmailStep(em, workspaceId);
  return step ? campaignContent(em, step.campaignId, step.position, null) : PLAIN_CONTENT;
}

export interface CopyToCompose {
  id: string;
  seedEmail: string;
}

export interface CopySender {
  email: string;
  fromName: string;
  signature: string | null;
}

/** One copy as the sender's SMTP server gets it: its Message-ID is the copy's, as stored at the start. */
export function composeCopy(
  deps: Pick<AppDeps, 'config' | 'secrets'>,
  test: { id: string; subject: string; body: string; textOnly: boolean },
  sender: CopySender,
  copy: CopyToCompose,
  now: Date,
): ComposedParts {
  return composeParts({
    sendId: copy.id,
    // A lead with no fields: the seed's address, no vars. The unsubscribe link names no lead of ours.
    lead: { id: copy.id, email: copy.seedEmail, vars: {} },
    inbox: sender,
    campaign: { openTracking: false, clickTracking: false, textOnly: test.textOnly, unsubHeader: true, cc: null, bcc: null },
    variant: { subject: test.subject, body: test.body },
    // Every copy of a test draws the same RANDOM options: the senders and seeds compare the same text.
    seed: spinSeed(null, { kind: 'placement', id: test.id }),
    thread: null,
    publicUrl: deps.config.publicUrl,
    secrets: deps.secrets,
    date: now,
  });
}
