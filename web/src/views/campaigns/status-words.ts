// The console's own words for what the service reports by code (issue 31): why a campaign is not
// sending (sending-status reasons), what holds some of it back (notes), what an activation warns about or
// refuses, and why a preview differs from a send. The API keeps its messages, written for API users
// (field names, endpoints); the console maps the CODES, never the message text, and names the control
// that fixes each (`fix`). A code the service gains must be worded here: test/unit/console-words.test.ts
// compares these tables with the service's code lists.

/** A control of the campaign page that fixes something: the header's Activate button, or a control of a tab. */
export type CampaignControl = 'activate' | 'steps' | 'leads' | 'import' | 'inboxes' | 'schedule' | 'dates' | 'daily-limit' | 'new-leads' | 'unsubscribe';

/** Where a fix is made: a control of this campaign's page, or another page of the console. */
export type FixPlace = CampaignControl | 'settings-inboxes' | 'reports-domains';

export interface Fix {
  /** The link's words: what to do there. */
  label: string;
  place: FixPlace;
}

export interface Worded {
  text: string;
  fix?: Fix;
}

/** What words may use besides the code: the campaign's own settings and a reason's figures. Any may be
 *  missing (the campaigns list knows less than the campaign page): the words then say less. */
export interface WordContext {
  campaign?: {
    status?: string;
    startDate?: string | null;
    endDate?: string | null;
    timezone?: string;
    dailyLimit?: number;
    maxNewLeadsPerDay?: number | null;
  };
  details?: Record<string, unknown> | null;
}

type Words = (c: WordContext) => Worded;

/** The tab of the campaign page that holds a control; null: the header, above the tabs. */
export const CONTROL_TAB: Record<CampaignControl, 'steps' | 'leads' | 'settings' | null> = {
  activate: null,
  steps: 'steps',
  leads: 'leads',
  import: 'leads',
  inboxes: 'settings',
  schedule: 'settings',
  dates: 'settings',
  'daily-limit': 'settings',
  'new-leads': 'settings',
  unsubscribe: 'settings',
};

/** The console path of a fix: a control of the campaign's page (`?fix=` opens its tab and focuses it),
 *  or a page of its own. */
export function fixHref(campaignId: string, place: FixPlace): string {
  if (place === 'settings-inboxes') return '/settings/inboxes';
  if (place === 'reports-domains') return '/reports';
  return `/campaigns/${campaignId}?fix=${place}`;
}

/** The control a `?fix=` asks for, if it is one of the campaign page's. */
export function askedControl(search: string): CampaignControl | null {
  const asked = new URLSearchParams(search).get('fix');
  return asked && Object.hasOwn(CONTROL_TAB, asked) ? (asked as CampaignControl) : null;
}

/** The tab that holds the control a `?fix=` asks for (null: none asked, or a control above the tabs). */
export function tabForFix(search: string): string | null {
  const control = askedControl(search);
  return control ? CONTROL_TAB[control] : null;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en')} ${n === 1 ? one : many}`;
const figure = (c: WordContext, key: string): number | null => (typeof c.details?.[key] === 'number' ? (c.details[key] as number) : null);
const zone = (c: WordContext) => (c.campaign?.timezone ? ` (${c.campaign.timezone})` : '');

// Fixes named once, used by several codes.
const CHOOSE_INBOXES: Fix = { label: 'Choose inboxes', place: 'inboxes' };
const ADD_INBOXES: Fix = { label: 'Add inboxes to the campaign', place: 'inboxes' };
const SEE_INBOXES: Fix = { label: 'Open Settings → Inboxes', place: 'settings-inboxes' };
const RECONNECT: Fix = { label: 'Reconnect it in Settings → Inboxes', place: 'settings-inboxes' };
const SCHEDULE: Fix = { label: 'Change the sending days and hours', place: 'schedule' };
const EDIT_STEPS: Fix = { label: 'Edit the steps', place: 'steps' };
const SEE_LEADS: Fix = { label: 'See the leads', place: 'leads' };
const DOMAINS: Fix = { label: 'Check the domain in Reports → Domains', place: 'reports-domains' };

// OAuth inboxes whose sign-in must be renewed (decisions.md §15: a sending-status reason, a launch
// warning and a diagnosis), and inboxes paused by a placement test (another area's code, worded ahead).
const reconnect: Words = () => ({
  text: 'Reconnect the inbox: its Google or Microsoft sign-in has expired or was withdrawn, so it cannot send or read mail until you sign in again.',
  fix: RECONNECT,
});
const placement: Words = () => ({
  text: 'An inbox was paused because its mail lands in spam (a placement test found it there). Check its domain and warm-up, then resume it.',
  fix: SEE_INBOXES,
});

/** Why the campaign sends nothing now (sending-status reasons), in the order the sender meets them. */
export const REASON_WORDS: Record<string, Words> = {
  not_active: (c) =>
    c.campaign?.status === 'paused'
      ? { text: 'The campaign is paused. Resume it to carry on where it stopped.', fix: { label: 'Resume', place: 'activate' } }
      : { text: 'The campaign is a draft. Activate it to start sending.', fix: { label: 'Activate', place: 'activate' } },
  bounce_protect: (c) => {
    const bounced = figure(c, 'bounced');
    const sent = figure(c, 'sent');
    const figures = bounced !== null && sent !== null ? `: ${plural(bounced, 'hard bounce')} in its last ${plural(sent, 'email')}` : '';
    return {
      text: `The campaign paused itself because too many emails bounced${figures} (5% or more). Check the lead list, then resume it; the count starts afresh.`,
      fix: SEE_LEADS,
    };
  },
  no_steps: () => ({ text: 'The sequence is empty: write at least one email step.', fix: { label: 'Add an email step', place: 'steps' } }),
  no_inbox: () => ({
    text: 'No inbox sends for this campaign yet: choose at least one in its settings, or a tag that your inboxes carry.',
    fix: CHOOSE_INBOXES,
  }),
  before_start: (c) => ({
    text: c.campaign?.startDate ? `The campaign starts on ${c.campaign.startDate}${zone(c)}; nothing is sent before then.` : 'The campaign has not reached its start date yet.',
    fix: { label: 'Change the start date', place: 'dates' },
  }),
  after_end: (c) => ({
    text: c.campaign?.endDate ? `The campaign ended on ${c.campaign.endDate}${zone(c)}; nothing more is sent.` : 'The campaign is past its end date; nothing more is sent.',
    fix: { label: 'Move or clear the end date', place: 'dates' },
  }),
  outside_hours: () => ({ text: 'It is outside the campaign’s sending days and hours right now.', fix: SCHEDULE }),
  daily_limit: (c) => ({
    text: `Today’s limit${c.campaign?.dailyLimit ? ` of ${plural(c.campaign.dailyLimit, 'email')}` : ''} is reached; sending starts again after midnight${zone(c)}.`,
    fix: { label: 'Raise the daily limit', place: 'daily-limit' },
  }),
  inbox_stopped: () => ({
    text: 'None of the campaign’s inboxes can send now: each is paused, stopped for bounces, backing off after errors or done for today.',
    fix: SEE_INBOXES,
  }),
  no_leads_due: () => ({ text: 'No lead is due now: each is waiting for its next step, or has finished.', fix: { label: 'Add leads', place: 'import' } }),
  inbox_reconnect_needed: reconnect,
  inbox_placement: placement,
};

/** What holds back some leads or inboxes while the campaign sends (sending-status notes). */
export const NOTE_WORDS: Record<string, Words> = {
  inbox_capped: () => ({ text: 'Some inboxes have sent all they may today; they send again tomorrow.', fix: ADD_INBOXES }),
  inbox_resting: () => ({ text: 'Some inboxes are waiting out the pause between two of their emails.', fix: ADD_INBOXES }),
  inbox_backoff: () => ({ text: 'Some inboxes are backing off for a while after their mail server refused to send.', fix: SEE_INBOXES }),
  new_leads_limit: (c) => ({
    text: `Today’s limit of new leads${c.campaign?.maxNewLeadsPerDay ? ` (${c.campaign.maxNewLeadsPerDay.toLocaleString('en')})` : ''} is reached: only follow-ups go out until midnight.`,
    fix: { label: 'Change the new-lead limit', place: 'new-leads' },
  }),
  verification_hold: () => ({ text: 'Some leads wait while their addresses are verified (a day at most).', fix: SEE_LEADS }),
  lead_away: () => ({ text: 'Some leads are away (an auto-reply said so): their next email waits until they are back.', fix: SEE_LEADS }),
  provider_unmatched: () => ({
    text: 'Some leads wait for an inbox of their own provider (Google or Microsoft): the campaign’s inboxes there are done for today or backing off.',
    fix: { label: 'Add an inbox on that provider', place: 'inboxes' },
  }),
  sender_waiting: () => ({
    text: 'Some leads wait for their own inbox: every email to a lead goes from the inbox that sent the first, and it cannot send right now.',
    fix: SEE_INBOXES,
  }),
  inbox_reconnect_needed: reconnect,
  inbox_placement: placement,
};

/** Why the preview differs from what a send would be (previewCampaign notes). */
export const PREVIEW_NOTE_WORDS: Record<string, Words> = {
  template_invalid: () => ({
    text: 'A {{#if}}, {{#unless}} or {{else}} tag in this text is not closed or not known: it is shown as written, and the step cannot be saved until it is fixed.',
    fix: EDIT_STEPS,
  }),
  no_lead: () => ({ text: 'The campaign has no leads yet, so lead fields are blank (or show their fallback).', fix: { label: 'Import leads', place: 'import' } }),
  no_inbox: () => ({ text: 'The campaign has no inbox yet, so sender fields are blank, no signature is added and there is no From.', fix: CHOOSE_INBOXES }),
};

const copy =
  (text: string, fix: Fix = EDIT_STEPS): Words =>
  () => ({ text, fix });
const domain =
  (what: string): Words =>
  () => ({ text: `A sending domain’s ${what} fails or needs attention, which hurts delivery.`, fix: DOMAINS });

/** What an activation warns about (it went ahead): its own checks and the diagnosis (inboxes, domains, copy). */
export const WARNING_WORDS: Record<string, Words> = {
  inbox_paused: () => ({
    text: 'An inbox of the campaign is paused: it sends nothing until it is resumed.',
    fix: { label: 'Resume it in Settings → Inboxes', place: 'settings-inboxes' },
  }),
  inbox_bounce_stopped: () => ({
    text: 'An inbox was stopped for its bounce rate: it sends again once it passes the connection test.',
    fix: { label: 'Test it in Settings → Inboxes', place: 'settings-inboxes' },
  }),
  after_end: () => ({ text: 'The end date has passed, so nothing will be sent.', fix: { label: 'Move or clear the end date', place: 'dates' } }),
  no_sending_days: () => ({ text: 'No sending day falls between today and the end date, so nothing will be sent.', fix: SCHEDULE }),
  no_steps: () => ({ text: 'The sequence is empty: write at least one email step.', fix: { label: 'Add an email step', place: 'steps' } }),
  no_inbox: () => ({ text: 'The campaign has no inbox to send from.', fix: CHOOSE_INBOXES }),
  inbox_backoff: () => ({ text: 'An inbox is backing off for a while after its mail server refused to send.', fix: SEE_INBOXES }),
  inbox_resting: () => ({ text: 'An inbox is waiting out the pause between two of its emails.', fix: ADD_INBOXES }),
  inbox_capped: () => ({ text: 'An inbox has sent all it may today; it sends again tomorrow.', fix: ADD_INBOXES }),
  inbox_error: () => ({
    text: 'An inbox failed the last time it connected: check its sign-in and server settings.',
    fix: { label: 'Test it in Settings → Inboxes', place: 'settings-inboxes' },
  }),
  no_active_inbox: () => ({ text: 'Every inbox of the campaign is paused or stopped, so nothing can be sent.', fix: { label: 'Choose an active inbox', place: 'inboxes' } }),
  ramp_low: () => ({
    text: 'The campaign’s inboxes may send fewer emails today, together, than its daily limit: they are still warming up.',
    fix: ADD_INBOXES,
  }),
  domain_unchecked: () => ({ text: 'A sending domain has not been checked yet (SPF, DKIM, DMARC, MX and blocklists).', fix: DOMAINS }),
  domain_spf: domain('SPF record'),
  domain_dkim: domain('DKIM signature'),
  domain_dmarc: domain('DMARC policy'),
  domain_mx: domain('MX record'),
  domain_blocklist: () => ({ text: 'A sending domain is on a blocklist, which hurts delivery.', fix: DOMAINS }),
  copy_spam_words: copy('An email uses words that spam filters watch for: say it plainly in other words.'),
  copy_links: copy('An email has more than two links, which looks like marketing mail: keep one, or none in a first email.'),
  copy_capitals: copy('An email has words in capitals, which read as shouting.'),
  copy_exclamation: copy('An email has an exclamation mark in its subject, or more than one in its body.'),
  copy_long_subject: copy('A subject is longer than 60 characters and will be cut off.'),
  copy_long_body: copy('An email is longer than 200 words; shorter cold emails get more replies.'),
  copy_images: copy('An email has images, which look like marketing mail and are often blocked: send plain text.'),
  copy_no_opt_out: copy('An email offers no way to opt out: turn the one-click unsubscribe header on, or add an unsubscribe link.', {
    label: 'Turn the unsubscribe header on',
    place: 'unsubscribe',
  }),
  copy_blank_subject: copy(
    'A subsequence’s first email has no subject. For a lead the parent campaign never emailed, it starts a new thread and takes the subject of the parent’s first email, or is not sent when there is none: give it a subject of its own.',
  ),
  inbox_reconnect_needed: reconnect,
  inbox_placement: placement,
};

/** An activation or a settings save the service refused, for the refusals that name API fields in their
 *  message or that need a word of why; any other refusal keeps the service's message (blank_columns, a
 *  broken template: they speak of the campaign). */
export const REFUSAL_WORDS: Record<string, Words> = {
  no_steps: () => ({ text: 'Write at least one email step before activating.', fix: { label: 'Add an email step', place: 'steps' } }),
  no_inbox: () => ({ text: 'Choose at least one inbox for the campaign (or a tag your inboxes carry) before activating.', fix: CHOOSE_INBOXES }),
  unsub_header_off: () => ({ text: 'Turn the one-click unsubscribe header on before activating.', fix: { label: 'Turn it on', place: 'unsubscribe' } }),
  // decisions.md §16: a seed inbox only receives placement tests; the inbox picker leaves seeds out, so
  // this comes from a list read before the inbox became a seed, or another client.
  mailbox_is_seed: () => ({
    text: 'A seed inbox cannot send for a campaign: seeds only receive placement tests. Choose sending inboxes instead.',
    fix: CHOOSE_INBOXES,
  }),
};

/** A code in words from its table; a code the table lacks (a newer service) in neutral words of its own,
 *  never the service's message. */
export function inWords(table: Record<string, Words>, code: string, context: WordContext = {}): Worded {
  const words = Object.hasOwn(table, code) ? table[code] : undefined;
  return words ? words(context) : { text: `The service reports “${code.replace(/_/g, ' ')}”.` };
}
