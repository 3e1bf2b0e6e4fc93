// What other areas do with a batch's new reply items (README.md "Effects"), declared here beside the use
// case that runs it (src/runtime/extensions.ts): after the items' own effects, inside the batch's transaction, so
// what a hook writes commits or rolls back with the items (a message read twice inserts no item and so
// reaches no hook twice). A subsequence whose trigger is the words of a reply is one
// (subsequences/triggers.ts). Hooks must not do network I/O.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AppDeps } from '../../../runtime/context';
import { extensionPoint } from '../../../runtime/extensions';

/** A new reply item whose effects were just applied. */
export interface IngestedItem {
  replyId: string;
  leadId: string;
  campaignId: string;
  kind: 'reply' | 'auto_reply' | 'bounce';
  /** An answer to a one-off email (kept, not counted in campaign numbers). */
  oneOff: boolean;
  /** The whole text part as stored (`body_text`); replies/reply-text.ts `newText` gives its own words. */
  bodyText: string;
  receivedAt: Date;
}

export interface IngestedBatch {
  workspaceId: string;
  inboxId: string;
  /** When the batch was written: the moment its items' effects took place. */
  now: Date;
  /** In the order they were read (UID order). */
  items: readonly IngestedItem[];
}

export type IngestedHook = (em: EntityManager, deps: AppDeps, batch: IngestedBatch) => Promise<void>;

export const REPLIES_INGESTED = extensionPoint<IngestedHook>('replies ingested');

/** Runs every contributed hook for the batch, in module order, in the caller's transaction (`em`). */
export async function runIngestedHooks(em: EntityManager, deps: AppDeps, batch: IngestedBatch): Promise<void> {
  if (batch.items.length) await deps.extensions.runEach(REPLIES_INGESTED, em, deps, batch);
}
