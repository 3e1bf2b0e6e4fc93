// Saved replies (api.md Saved replies): reply templates shared by the workspace, three built-in examples,
// and rendering one for a reply or for a lead and an inbox. Nothing here sends anything.
//
// Choices api.md leaves open:
// - Names are unique in the workspace as written after trimming (409 name_taken, on create and rename),
//   listed "by name" as a person reads it (case and accents aside, numbers in number order).
// - PATCH with no field is refused (validation_failed): a call that changes nothing is a client's mistake.
// - Rendering goes through the sending renderer (sending/render/compose.ts renderEmailText), so a saved
//   reply reads exactly as the same text would in an email: `{{firstName|fallback}}`, every lead field,
//   `{{sendingAccountFirstName}}` and `{{sendingAccountName}}` from the inbox. `{{unsubscribe}}` is left as
//   written, so the real link is put in when the text is sent (POST /replies/:id/reply renders it again).
//   The body comes without the inbox signature, which the send adds.
// - Subject: the saved one, filled; with none, for a reply `Re: <the reply's subject>` (what the answer
//   is sent with), for a lead and an inbox null.
// - Conditions and RANDOM work as in a step (templates/README.md). A RANDOM draws by the lead and the
//   saved reply (a reply item without a lead: by the item), so one lead reads the same text every time.
// - A subject or body with a broken block tag is refused on create and PATCH (decisions.md §11): 400
//   template_invalid, `details: {field: "subject"|"body", at}` (a saved reply has no position or variant).
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { AuthedCtx } from '../../runtime/context';
import { findOr404 } from '../../storage/find';
import { AppError, notFound } from '../../contracts/errors';
import { Inbox, NOT_DELETED_FILTER } from '../inboxes/inbox.entity';
import { Lead } from '../leads/lead.entity';
import { ReplyItem } from '../replies/reply-item.entity';
import { renderEmailText } from '../sending/render/compose';
import { spinSeed } from '../templates/spin';
import { checkMessageTemplates } from '../templates/template-check';
import { SAVED_REPLY_EXAMPLES, type SavedReplyExample } from './saved-reply-examples';
import { SavedReply } from './saved-reply.entity';
import type { CreateSavedReplyInput, RenderSavedReplyInput, UpdateSavedReplyInput } from './saved-replies.inputs';
import type { RenderedSavedReply, SavedReplyView } from './saved-replies.types';

/** What `{{unsubscribe}}` renders as: itself, so the send fills in the lead's real link. */
const UNSUBSCRIBE_KEPT = '{{unsubscribe}}';

const view = (r: SavedReply): SavedReplyView => ({ id: r.id, name: r.name, subject: r.subject, body: r.body });

const nameTaken = (name: string) => new AppError('name_taken', `A saved reply named "${name}" already exists in this workspace; pick another name.`);

/** Flushes a new or renamed saved reply; two saves with one name at once are settled by the unique index. */
async function flushNamed(ctx: AuthedCtx, name: string): Promise<void> {
  try {
    await ctx.em.flush();
  } catch (err) {
    if (err instanceof UniqueConstraintViolationException) throw nameTaken(name);
    throw err;
  }
}

// "By name" as a person reads it (alpha, Mike, Zulu), whatever collation the database was created with.
const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** GET /saved-replies: the workspace's saved replies by name. */
export async function listSavedReplies(ctx: AuthedCtx): Promise<SavedReplyView[]> {
  const rows = await ctx.em.find(SavedReply, {}, { orderBy: { id: 'asc' } });
  return rows.sort((x, y) => byName.compare(x.name, y.name) || (x.name < y.name ? -1 : x.name > y.name ? 1 : 0)).map(view);
}

/** GET /saved-replies/examples: built in, nothing saved. */
export function savedReplyExamples(): SavedReplyExample[] {
  return SAVED_REPLY_EXAMPLES.map((e) => ({ ...e }));
}

/** POST /saved-replies (201). */
export async function createSavedReply(ctx: AuthedCtx, input: CreateSavedReplyInput): Promise<SavedReplyView> {
  const name = input.name.trim();
  // decisions.md §11: template_invalid for a broken block tag in the subject or body being saved.
  checkMessageTemplates(input);
  if (await ctx.em.count(SavedReply, { name })) throw nameTaken(name);
  const reply = ctx.em.create(SavedReply, { workspace: ctx.actor.workspaceId, name, subject: input.subject ?? null, body: input.body });
  ctx.em.persist(reply);
  await flushNamed(ctx, name);
  return view(reply);
}

/** PATCH /saved-replies/:id: any of name, subject (null clears it), body. */
export async function updateSavedReply(ctx: AuthedCtx, id: string, input: UpdateSavedReplyInput): Promise<SavedReplyView> {
  if (input.name === undefined && input.subject === undefined && input.body === undefined) {
    const why = ['send name, subject or body'];
    throw new AppError('validation_failed', 'Send at least one of name, subject and body.', { fields: { name: why, subject: why, body: why } });
  }
  // decisions.md §11: template_invalid for a broken block tag in the subject or body being saved.
  checkMessageTemplates(input);
  const reply = await findOr404(ctx.em, SavedReply, id, 'Saved reply');
  if (input.name !== undefined) {
    const name = input.name.trim();
    if (name !== reply.name && (await ctx.em.count(SavedReply, { name, id: { $ne: reply.id } }))) throw nameTaken(name);
    reply.name = name;
  }
  if (input.subject !== undefined) reply.subject = input.subject;
  if (input.body !== undefined) reply.body = input.body;
  await flushNamed(ctx, reply.name);
  return view(reply);
}

/** DELETE /saved-replies/:id: gone for everyone in the workspace. */
export async function deleteSavedReply(ctx: AuthedCtx, id: string): Promise<{ deleted: true }> {
  const reply = await findOr404(ctx.em, SavedReply, id, 'Saved reply');
  await ctx.em.removeAndFlush(reply);
  return { deleted: true };
}

interface RenderTarget {
  /** Whom RANDOM draws for: the lead, or the reply item when it has none. */
  drawFor: string;
  vars: Readonly<Record<string, string>>;
  inbox: Pick<Inbox, 'fromName' | 'signature'>;
  /** The subject an answer in the thread takes when the saved reply has none. */
  thread: { subject: string } | null;
}

/** The lead and inbox the render is for: a reply item's (its lead may be gone: fields then render as
 *  their fallbacks), or a lead and an inbox named together. Unknown ids in the workspace are 404. */
async function renderTarget(ctx: AuthedCtx, input: RenderSavedReplyInput): Promise<RenderTarget> {
  const byReply = input.replyId !== undefined;
  const byLead = input.leadId !== undefined || input.mailboxId !== undefined;
  if (byReply === byLead || (byLead && (input.leadId === undefined || input.mailboxId === undefined))) {
    const why = ['send either reply_id, or lead_id and mailbox_id'];
    throw new AppError('validation_failed', 'Send either {reply_id} or {lead_id, mailbox_id}, not both and not neither.', {
      fields: { reply_id: why, lead_id: why, mailbox_id: why },
    });
  }
  if (byReply) {
    const item = await findOr404(ctx.em, ReplyItem, input.replyId!, 'Reply');
    // The inbox that received it, even if it has been deleted since: the answer would come from it.
    const inbox = await ctx.em.findOne(Inbox, item.inbox.id, { filters: { [NOT_DELETED_FILTER]: false } });
    if (!inbox) throw notFound('Reply');
    const lead = item.lead ? await ctx.em.findOne(Lead, item.lead.id) : null;
    return { drawFor: lead?.id ?? `reply:${item.id}`, vars: lead?.vars ?? {}, inbox, thread: { subject: item.subject } };
  }
  const lead = await findOr404(ctx.em, Lead, input.leadId!, 'Lead');
  const inbox = await findOr404(ctx.em, Inbox, input.mailboxId!, 'Mailbox');
  return { drawFor: lead.id, vars: lead.vars, inbox, thread: null };
}

/** POST /saved-replies/:id/render: `{subject, body}` with merge fields filled; nothing sent. */
export async function renderSavedReply(ctx: AuthedCtx, id: string, input: RenderSavedReplyInput): Promise<RenderedSavedReply> {
  const reply = await findOr404(ctx.em, SavedReply, id, 'Saved reply');
  const target = await renderTarget(ctx, input);
  const rendered = renderEmailText({
    vars: target.vars,
    inbox: target.inbox,
    // A blank subject answers in the thread (Re: …), as renderEmailText does for a follow-up.
    variant: { subject: reply.subject ?? '', body: reply.body },
    thread: target.thread,
    unsubscribeUrl: UNSUBSCRIBE_KEPT,
    seed: spinSeed(target.drawFor, { kind: 'saved-reply', id: reply.id }),
  });
  const noSubject = (reply.subject ?? '').trim() === '' && target.thread === null;
  return { subject: noSubject ? null : rendered.subject, body: rendered.body };
}
