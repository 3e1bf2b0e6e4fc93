import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';
export type Maybe<T> = T | null;
export type InputMaybe<T> = Maybe<T>;
export type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
export type MakeOptional<T, K extends keyof T> = Omit<T, K> & { [SubKey in K]?: Maybe<T[SubKey]> };
export type MakeMaybe<T, K extends keyof T> = Omit<T, K> & { [SubKey in K]: Maybe<T[SubKey]> };
export type MakeEmpty<T extends { [key: string]: unknown }, K extends keyof T> = { [_ in K]?: never };
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
/** All built-in and custom scalars, mapped to their actual values */
export type Scalars = {
  ID: { input: string; output: string; }
  String: { input: string; output: string; }
  Boolean: { input: boolean; output: boolean; }
  Int: { input: number; output: number; }
  Float: { input: number; output: number; }
  /** A date-time string at UTC, such as 2007-12-03T10:15:30Z, compliant with the `date-time` format outlined in section 5.6 of the RFC 3339 profile of the ISO 8601 standard for representation of dates and times using the Gregorian calendar.This scalar is serialized to a string in ISO 8601 format and parsed from a string in ISO 8601 format. */
  DateTimeISO: { input: string; output: string; }
  /** The `JSONObject` scalar type represents JSON objects as specified by [ECMA-404](http://www.ecma-international.org/publications/files/ECMA-ST/ECMA-404.pdf). */
  JSONObject: { input: Record<string, unknown>; output: Record<string, unknown>; }
};

export type ActivationResult = {
  __typename?: 'ActivationResult';
  status: Scalars['String']['output'];
  warnings: Array<CampaignWarning>;
};

export type ActivityPageInput = {
  /** Continues the list after the page that gave it (nextCursor; over REST the URL of the Link rel="next" header carries it). Made for this list and these filters only: another list's, other filters' or an altered cursor is 400 invalid_cursor. Not together with offset (400 validation_failed). */
  cursor?: InputMaybe<Scalars['String']['input']>;
  /** Up to 100; 50 when left out. */
  limit?: InputMaybe<Scalars['Int']['input']>;
  /** Rows skipped; not together with cursor. */
  offset?: InputMaybe<Scalars['Int']['input']>;
};

/** Exactly one source: `leads` (JSON), `csv` (CSV text with an email column), `sheetUrl` or `listId`. */
export type AddLeadsInput = {
  /** CSV text; the first row names the columns, one of them email. */
  csv?: InputMaybe<Scalars['String']['input']>;
  leads?: InputMaybe<Array<ManualLeadInput>>;
  listId?: InputMaybe<Scalars['ID']['input']>;
  sheetUrl?: InputMaybe<Scalars['String']['input']>;
};

export type AddToBlocklistInput = {
  /** Addresses or domains (a leading @ is allowed), up to 10000; all must be valid. */
  emails: Array<Scalars['String']['input']>;
};

/** POST /campaigns/:id/verify-addresses. */
export type AddressVerificationStarted = {
  __typename?: 'AddressVerificationStarted';
  /** Unchecked leads still due mail now pending: held from sending for a day at most while the verifier is asked. */
  marked: Scalars['Int']['output'];
};

export type Analytics = {
  __typename?: 'Analytics';
  byCampaign: Array<AnalyticsRow>;
  byDay: Array<AnalyticsDay>;
  byMailbox: Array<AnalyticsRow>;
  /** Every campaign that has sent. */
  campaigns: Array<AnalyticsCampaign>;
  from: Scalars['String']['output'];
  to: Scalars['String']['output'];
  totals: AnalyticsTotals;
};

export type AnalyticsCampaign = {
  __typename?: 'AnalyticsCampaign';
  id: Scalars['ID']['output'];
  name: Scalars['String']['output'];
};

export type AnalyticsDay = {
  __typename?: 'AnalyticsDay';
  bounces: Scalars['Int']['output'];
  clicked: Scalars['Int']['output'];
  day: Scalars['String']['output'];
  opened: Scalars['Int']['output'];
  positive: Scalars['Int']['output'];
  replies: Scalars['Int']['output'];
  sent: Scalars['Int']['output'];
};

export type AnalyticsInput = {
  /** Only this campaign. */
  campaignId?: InputMaybe<Scalars['ID']['input']>;
  /** YYYY-MM-DD, workspace timezone; 29 days before `to` when left out. */
  from?: InputMaybe<Scalars['String']['input']>;
  /** YYYY-MM-DD, workspace timezone, included; today when left out. */
  to?: InputMaybe<Scalars['String']['input']>;
};

export type AnalyticsRow = {
  __typename?: 'AnalyticsRow';
  bounceRate: Scalars['Float']['output'];
  bounces: Scalars['Int']['output'];
  id: Scalars['ID']['output'];
  /** The campaign name or the inbox address. */
  label: Scalars['String']['output'];
  positive: Scalars['Int']['output'];
  replies: Scalars['Int']['output'];
  replyRate: Scalars['Float']['output'];
  sent: Scalars['Int']['output'];
};

export type AnalyticsTotals = {
  __typename?: 'AnalyticsTotals';
  bounceRate: Scalars['Float']['output'];
  bounces: Scalars['Int']['output'];
  clickRate: Maybe<Scalars['Float']['output']>;
  clicked: Scalars['Int']['output'];
  openRate: Maybe<Scalars['Float']['output']>;
  opened: Scalars['Int']['output'];
  positive: Scalars['Int']['output'];
  replies: Scalars['Int']['output'];
  replyRate: Scalars['Float']['output'];
  sent: Scalars['Int']['output'];
  /** Leads whose first step went out in the range. */
  started: Scalars['Int']['output'];
  /** Leads moved to won in the range. */
  won: Scalars['Int']['output'];
  /** Their campaigns' deal values. */
  wonValue: Scalars['Float']['output'];
};

export type ApiKey = {
  __typename?: 'ApiKey';
  createdAt: Scalars['DateTimeISO']['output'];
  id: Scalars['ID']['output'];
  lastUsedAt: Maybe<Scalars['DateTimeISO']['output']>;
  name: Scalars['String']['output'];
  /** What the key may do (decisions.md §12); `all` for keys made without scopes. */
  scopes: Array<Scalars['String']['output']>;
};

export type AssignReplyInput = {
  /** A user of the workspace (GET /settings/members), or null. */
  userId?: InputMaybe<Scalars['ID']['input']>;
};

/** Who made a change: a user (a session) or an API key, named as they were then. */
export type AuditActor = {
  __typename?: 'AuditActor';
  /** The user's or the API key's id. */
  id: Scalars['ID']['output'];
  /** `user` or `key`. */
  kind: Scalars['String']['output'];
  /** The user's name (their email when they have none) or the key's name, at the time of the change. */
  name: Scalars['String']['output'];
};

/** One successful change in the workspace (decisions.md §12). */
export type AuditEntry = {
  __typename?: 'AuditEntry';
  actor: AuditActor;
  at: Scalars['DateTimeISO']['output'];
  id: Scalars['ID']['output'];
  /** The client address the change came from. */
  ip: Maybe<Scalars['String']['output']>;
  /** REST: the operationId; GraphQL: the mutation; MCP: the tool. */
  operation: Scalars['String']['output'];
  /** The object changed: the path id (or the id argument), else the id of the object created. */
  targetId: Maybe<Scalars['String']['output']>;
};

/** A page of the audit log, newest first; nextCursor (null on the last page) continues it. */
export type AuditLogPage = {
  __typename?: 'AuditLogPage';
  items: Array<AuditEntry>;
  nextCursor: Maybe<Scalars['String']['output']>;
};

export type AuthPayload = {
  __typename?: 'AuthPayload';
  token: Scalars['String']['output'];
  user: User;
  workspace: Workspace;
};

/** A page of jobs, newest first; pass nextCursor as cursor for the next page (null on the last). */
export type BackgroundJobPage = {
  __typename?: 'BackgroundJobPage';
  items: Array<BackgroundJobView>;
  nextCursor: Maybe<Scalars['String']['output']>;
};

/** How far a job has come: rows (import) or leads (export) done, of total when known. */
export type BackgroundJobProgress = {
  __typename?: 'BackgroundJobProgress';
  done: Scalars['Int']['output'];
  /** Known as soon as the input is (a CSV's rows are counted as it is uploaded; a sheet once read). */
  total: Maybe<Scalars['Int']['output']>;
};

/** An async import or CSV export (decisions.md §12). */
export type BackgroundJobView = {
  __typename?: 'BackgroundJobView';
  createdAt: Scalars['DateTimeISO']['output'];
  /** Once failed: the error body ({code, message, details?}) the synchronous request would have answered. */
  error: Maybe<Scalars['JSONObject']['output']>;
  finishedAt: Maybe<Scalars['DateTimeISO']['output']>;
  id: Scalars['ID']['output'];
  /** import or export. */
  kind: Scalars['String']['output'];
  progress: BackgroundJobProgress;
  /** Once done: an import's counts, as the synchronous import answers them over REST ({inserted, duplicates, blocklisted, invalid, in_another_campaign, contacted_recently}); an export's {url} of its CSV, kept 7 days. */
  result: Maybe<Scalars['JSONObject']['output']>;
  /** queued, running, done or failed. */
  status: Scalars['String']['output'];
};

export type BestTimeReport = {
  __typename?: 'BestTimeReport';
  /** The window: the last `days` × 24 hours up to now. */
  days: Scalars['Int']['output'];
  /** Seven rows, Monday first (ISO 8601) to Sunday, of 24 counts each, hour 0 to 23. */
  grid: Array<Array<Scalars['Int']['output']>>;
  /** Replies counted (the sum of the grid). */
  replies: Scalars['Int']['output'];
  /** The workspace timezone the weekdays and hours are in. */
  timezone: Scalars['String']['output'];
};

/** A column: a lead field filled for the campaign's leads (api.md "Column (block)"). */
export type Block = {
  __typename?: 'Block';
  createdAt: Scalars['DateTimeISO']['output'];
  done: Scalars['Int']['output'];
  edited: Scalars['Int']['output'];
  failed: Scalars['Int']['output'];
  flagged: Scalars['Int']['output'];
  id: Scalars['ID']['output'];
  /** website or prompt */
  kind: Scalars['String']['output'];
  maxChars: Scalars['Int']['output'];
  /** The lead field it fills. */
  name: Scalars['String']['output'];
  runLeft: Scalars['Int']['output'];
  /** Why the last run stopped early. */
  runNote: Maybe<Scalars['String']['output']>;
  runTotal: Scalars['Int']['output'];
  /** A run is in progress. */
  running: Scalars['Boolean']['output'];
  template: Maybe<Scalars['String']['output']>;
};

/** One lead's outcome in a column; the value itself is the lead's field. */
export type BlockCell = {
  __typename?: 'BlockCell';
  blockId: Scalars['ID']['output'];
  leadId: Scalars['ID']['output'];
  note: Maybe<Scalars['String']['output']>;
  /** The lead waits in a run. */
  queued: Scalars['Boolean']['output'];
  /** A flagged answer, kept for review and never used. */
  review: Maybe<Scalars['String']['output']>;
  /** done, failed, flagged or edited; null while waiting in a first run */
  status: Maybe<Scalars['String']['output']>;
};

export type BlockPreview = {
  __typename?: 'BlockPreview';
  rows: Array<BlockPreviewRow>;
};

export type BlockPreviewRow = {
  __typename?: 'BlockPreviewRow';
  email: Scalars['String']['output'];
  /** What the column read: the page address, or the prompt as sent. */
  input: Maybe<Scalars['String']['output']>;
  leadId: Scalars['ID']['output'];
  note: Maybe<Scalars['String']['output']>;
  review: Maybe<Scalars['String']['output']>;
  /** done, failed or flagged */
  status: Scalars['String']['output'];
  value: Maybe<Scalars['String']['output']>;
};

export type BlockRun = {
  __typename?: 'BlockRun';
  runTotal: Scalars['Int']['output'];
  running: Scalars['Boolean']['output'];
};

export type BlocklistAdded = {
  __typename?: 'BlocklistAdded';
  /** Entries new to the blocklist. */
  added: Scalars['Int']['output'];
};

export type BlocklistEntry = {
  __typename?: 'BlocklistEntry';
  createdAt: Scalars['DateTimeISO']['output'];
  /** An address, or a whole domain (no @). */
  email: Scalars['String']['output'];
  /** manual, import, unsubscribe or hard_bounce */
  reason: Scalars['String']['output'];
  workspaceId: Scalars['ID']['output'];
};

export type BlocklistImportCounts = {
  __typename?: 'BlocklistImportCounts';
  /** Entries new to the blocklist. */
  added: Scalars['Int']['output'];
  /** Rows whose entry was on the blocklist already (or earlier in the file). */
  already: Scalars['Int']['output'];
  /** Rows without an address or domain. */
  invalid: Scalars['Int']['output'];
};

export type BlocklistPage = {
  __typename?: 'BlocklistPage';
  items: Array<BlocklistEntry>;
  /** The cursor of the page after this one (pass it as cursor with the same filters); null when no more rows follow. Pages are keyset pages in the list's own order: rows added meanwhile ahead of the cursor appear, none repeats. */
  nextCursor: Maybe<Scalars['String']['output']>;
  /** Entries matching the query, regardless of limit and offset. */
  total: Scalars['Int']['output'];
};

export type BlocklistQueryInput = {
  /** Continues the list after the page that gave it (nextCursor; over REST the URL of the Link rel="next" header carries it). Made for this list and these filters only: another list's, other filters' or an altered cursor is 400 invalid_cursor. Not together with offset (400 validation_failed). */
  cursor?: InputMaybe<Scalars['String']['input']>;
  /** Page size (every entry when left out), at most 10000. */
  limit?: InputMaybe<Scalars['Int']['input']>;
  /** Rows skipped; not together with cursor. */
  offset?: InputMaybe<Scalars['Int']['input']>;
  /** Part of the address or domain, case-insensitive; % _ \ match themselves. */
  q?: InputMaybe<Scalars['String']['input']>;
  /** One of manual, import, unsubscribe, hard_bounce. */
  reason?: InputMaybe<Scalars['String']['input']>;
};

export type BounceReasonCount = {
  __typename?: 'BounceReasonCount';
  /** hard, soft or block. */
  category: Scalars['String']['output'];
  code: Maybe<Scalars['Int']['output']>;
  count: Scalars['Int']['output'];
  enhancedCode: Maybe<Scalars['String']['output']>;
  /** The newest reason text of the group, as the server or the bounce message gave it. */
  example: Scalars['String']['output'];
};

export type BulkUpdateMailboxesInput = {
  addTag?: InputMaybe<Scalars['String']['input']>;
  dailyCap?: InputMaybe<Scalars['Int']['input']>;
  /** null removes the domain cap. */
  domainDailyCap?: InputMaybe<Scalars['Int']['input']>;
  ids: Array<Scalars['ID']['input']>;
  minGapMinutes?: InputMaybe<Scalars['Int']['input']>;
  removeTag?: InputMaybe<Scalars['String']['input']>;
};

export type Campaign = {
  __typename?: 'Campaign';
  abOptimizeAfter: Scalars['Int']['output'];
  abWinnerMetric: Maybe<Scalars['String']['output']>;
  bcc: Maybe<Scalars['String']['output']>;
  /** Pauses the campaign by itself when hard bounces reach 5% of its last 100 emails, once it has sent 40 (decisions.md §11). */
  bounceProtect: Scalars['Boolean']['output'];
  cc: Maybe<Scalars['String']['output']>;
  clickTracking: Scalars['Boolean']['output'];
  companyReplyStop: Scalars['Boolean']['output'];
  createdAt: Scalars['DateTimeISO']['output'];
  dailyLimit: Scalars['Int']['output'];
  /** 0 is Sunday */
  days: Array<Scalars['Int']['output']>;
  dealValue: Maybe<Scalars['Int']['output']>;
  endDate: Maybe<Scalars['String']['output']>;
  id: Scalars['ID']['output'];
  leadTimezone: Scalars['Boolean']['output'];
  /** Leads still pending (no first email yet). */
  leadsPending: Scalars['Int']['output'];
  /** The inboxes it sends from. */
  mailboxIds: Array<Scalars['ID']['output']>;
  /** Sender pool: the campaign also sends from every inbox carrying one of these tags. */
  mailboxTags: Array<Scalars['String']['output']>;
  maxNewLeadsPerDay: Maybe<Scalars['Int']['output']>;
  name: Scalars['String']['output'];
  openTracking: Scalars['Boolean']['output'];
  /** Set on a subsequence: the campaign whose leads it takes (decisions.md §11). */
  parentCampaignId: Maybe<Scalars['ID']['output']>;
  /** bounce_protect while it is paused because it paused itself; null when paused by hand, or not paused. */
  pausedReason: Maybe<Scalars['String']['output']>;
  prioritizeNew: Scalars['Boolean']['output'];
  providerMatching: Scalars['Boolean']['output'];
  /** The inboxes it sends from now: mailboxIds plus every inbox carrying one of mailboxTags. */
  sendingMailboxIds: Array<Scalars['ID']['output']>;
  skipRisky: Scalars['Boolean']['output'];
  startDate: Maybe<Scalars['String']['output']>;
  /** draft, active or paused */
  status: Scalars['String']['output'];
  /** By position. */
  steps: Array<Step>;
  stopOnAutoReply: Scalars['Boolean']['output'];
  stopOnReply: Scalars['Boolean']['output'];
  tags: Array<Scalars['String']['output']>;
  textOnly: Scalars['Boolean']['output'];
  timezone: Scalars['String']['output'];
  /** A subsequence's trigger; null on a top-level campaign. */
  trigger: Maybe<SubsequenceTrigger>;
  unsubHeader: Scalars['Boolean']['output'];
  windowEnd: Scalars['String']['output'];
  windowStart: Scalars['String']['output'];
  windows: Maybe<Array<SendWindow>>;
  workspaceId: Scalars['ID']['output'];
};

export type CampaignActivity = {
  __typename?: 'CampaignActivity';
  more: Scalars['Boolean']['output'];
  /** The cursor of the page after this one (pass it as cursor with the same filters); null when no more rows follow. Pages are keyset pages in the list's own order: rows added meanwhile ahead of the cursor appear, none repeats. */
  nextCursor: Maybe<Scalars['String']['output']>;
  rows: Array<CampaignActivityRow>;
};

export type CampaignActivityRow = {
  __typename?: 'CampaignActivityRow';
  at: Scalars['DateTimeISO']['output'];
  /** A short line: the subject, the bounce reason, or what the reply said (an auto-reply adds the rule that decided its kind and the day the lead is back). */
  detail: Maybe<Scalars['String']['output']>;
  email: Scalars['String']['output'];
  /** The inbox that sent the email (for a reply: the inbox that received it). */
  mailbox: Maybe<Scalars['String']['output']>;
  step: Maybe<Scalars['Int']['output']>;
  /** sent, bounce, reply or auto_reply */
  type: Scalars['String']['output'];
  variant: Maybe<Scalars['Int']['output']>;
};

export type CampaignBounce = {
  __typename?: 'CampaignBounce';
  at: Scalars['DateTimeISO']['output'];
  /** hard, soft or block */
  category: Scalars['String']['output'];
  code: Maybe<Scalars['Int']['output']>;
  email: Scalars['String']['output'];
  mailbox: Maybe<Scalars['String']['output']>;
  reason: Scalars['String']['output'];
};

export type CampaignBounces = {
  __typename?: 'CampaignBounces';
  more: Scalars['Boolean']['output'];
  /** The cursor of the page after this one (pass it as cursor with the same filters); null when no more rows follow. Pages are keyset pages in the list's own order: rows added meanwhile ahead of the cursor appear, none repeats. */
  nextCursor: Maybe<Scalars['String']['output']>;
  rows: Array<CampaignBounce>;
};

export type CampaignDayStats = {
  __typename?: 'CampaignDayStats';
  bounces: Scalars['Int']['output'];
  /** YYYY-MM-DD in the campaign timezone. */
  day: Scalars['String']['output'];
  /** An upcoming sending day. */
  future: Scalars['Boolean']['output'];
  /** Today and upcoming sending days of an active campaign: sequence emails still expected (an estimate). */
  pending: Maybe<Scalars['Int']['output']>;
  replies: Scalars['Int']['output'];
  sent: Scalars['Int']['output'];
};

/** GET /campaigns/:id/diagnose: read-only, from stored data and the last domain health run. */
export type CampaignDiagnosis = {
  __typename?: 'CampaignDiagnosis';
  problems: Array<DiagnoseProblem>;
};

/** POST /campaigns/:id/verify: the MX check of the domains of the leads still due mail. */
export type CampaignDomainCheck = {
  __typename?: 'CampaignDomainCheck';
  /** Domains without a mail server (no such domain, no MX, or a null MX). */
  badDomains: Scalars['Int']['output'];
  /** Distinct domains of the leads still due mail. */
  domainsChecked: Scalars['Int']['output'];
  /** Leads still due mail whose domain was checked. */
  leadsChecked: Scalars['Int']['output'];
  /** Leads marked invalid (and stopped with reason invalid) by this check. */
  markedInvalid: Scalars['Int']['output'];
};

export type CampaignLeadCounts = {
  __typename?: 'CampaignLeadCounts';
  completed: Scalars['Int']['output'];
  /** A first email out and steps still to come. */
  inSequence: Scalars['Int']['output'];
  pending: Scalars['Int']['output'];
  replied: Scalars['Int']['output'];
  total: Scalars['Int']['output'];
  unsubscribed: Scalars['Int']['output'];
};

/** POST /campaigns/:id/preview: nothing is saved or sent. */
export type CampaignPreview = {
  __typename?: 'CampaignPreview';
  /** The From header, "Name <address>", of the inbox used; null when the campaign has no inbox. */
  from: Maybe<Scalars['String']['output']>;
  /** null when the campaign has no lead and none was named. */
  lead: Maybe<PreviewLead>;
  /** [] when the preview is what a send would be. */
  notes: Array<PreviewNote>;
  /** One per step sent (or per email step of the campaign when no steps were sent), in order. */
  steps: Array<PreviewStep>;
};

export type CampaignStats = {
  __typename?: 'CampaignStats';
  autoReplies: Scalars['Int']['output'];
  bounced: Scalars['Int']['output'];
  byDay: Array<CampaignDayStats>;
  clickTracking: Scalars['Boolean']['output'];
  /** Sequence emails with a counted click (each once). */
  clicked: Scalars['Int']['output'];
  /** Leads won. */
  conversions: Scalars['Int']['output'];
  conversionsValue: Scalars['Float']['output'];
  leads: CampaignLeadCounts;
  oneOffSent: Scalars['Int']['output'];
  openTracking: Scalars['Boolean']['output'];
  /** Sequence emails opened (each once). */
  opened: Scalars['Int']['output'];
  /** Leads labelled interested or further along (won included). */
  opportunities: Scalars['Int']['output'];
  /** Their deal values (the lead's, else the campaign's). */
  opportunitiesValue: Scalars['Float']['output'];
  positive: Scalars['Int']['output'];
  replied: Scalars['Int']['output'];
  /** Sequence emails sent (bounced ones included). */
  sent: Scalars['Int']['output'];
  sequenceStarted: Scalars['Int']['output'];
  unsubscribed: Scalars['Int']['output'];
  variants: Array<CampaignVariantStats>;
};

export type CampaignVariantStats = {
  __typename?: 'CampaignVariantStats';
  positive: Scalars['Int']['output'];
  /** Leads whose reply followed this variant (their last sequence email before replying). */
  replies: Scalars['Int']['output'];
  /** replies / sent in percent, one decimal; 0 before anything was sent. */
  replyRate: Scalars['Float']['output'];
  sent: Scalars['Int']['output'];
  step: Scalars['Int']['output'];
  /** From 1, like positions. */
  variant: Scalars['Int']['output'];
};

/** GET /campaigns/:id/verification: leads by verification, and the leads a result keeps mail from. A pending hold older than a day counts as expired. skipped_* count leads that would otherwise still be due mail (pending, active, paused, or stopped for the reason invalid): skippedInvalid the invalid ones; skippedRisky the risky ones while the campaign has skipRisky on; skippedCatchAll the part of skippedRisky the verifier called catch-all. */
export type CampaignVerification = {
  __typename?: 'CampaignVerification';
  expired: Scalars['Int']['output'];
  invalid: Scalars['Int']['output'];
  pending: Scalars['Int']['output'];
  risky: Scalars['Int']['output'];
  skippedCatchAll: Scalars['Int']['output'];
  skippedInvalid: Scalars['Int']['output'];
  skippedRisky: Scalars['Int']['output'];
  unchecked: Scalars['Int']['output'];
  unknown: Scalars['Int']['output'];
  valid: Scalars['Int']['output'];
};

export type CampaignWarning = {
  __typename?: 'CampaignWarning';
  code: Scalars['String']['output'];
  text: Scalars['String']['output'];
};

export type CancelledOneOff = {
  __typename?: 'CancelledOneOff';
  id: Scalars['ID']['output'];
  status: Scalars['String']['output'];
};

export type ChangedCount = {
  __typename?: 'ChangedCount';
  changed: Scalars['Int']['output'];
};

export type ConnectionCheck = {
  __typename?: 'ConnectionCheck';
  /** A short line: what was logged in to, or what the server answered. */
  detail: Scalars['String']['output'];
  ok: Scalars['Boolean']['output'];
};

/** A copy-check finding; never blocks activation. */
export type CopyWarning = {
  __typename?: 'CopyWarning';
  /** spam_words, links, capitals, exclamation, long_subject, long_body, images, no_opt_out or blank_subject */
  code: Scalars['String']['output'];
  message: Scalars['String']['output'];
  /** Step position, from 1. */
  position: Scalars['Int']['output'];
  /** The words, links or images found, or the subject a blank one takes; [] when the code has none. */
  terms: Array<Scalars['String']['output']>;
  /** Variant number, from 1. */
  variant: Scalars['Int']['output'];
};

export type CreateApiKeyInput = {
  name: Scalars['String']['input'];
  /** What the key may do, each once: campaigns:read, campaigns:write, leads:read, leads:write, mailboxes:read, mailboxes:write, replies:read, replies:write, send, reports:read, webhooks:read, webhooks:write, all. Left out: all. */
  scopes?: InputMaybe<Array<Scalars['String']['input']>>;
};

/** A new column; the same fields try it out in a preview. */
export type CreateBlockInput = {
  /** website or prompt */
  kind: Scalars['String']['input'];
  /** The longest value kept: 300 by default and at most 500 for a prompt, 8000 (the default) for a website. */
  maxChars?: InputMaybe<Scalars['Int']['input']>;
  /** The lead field it fills: lower-case letters, numbers and underscores. */
  name: Scalars['String']['input'];
  /** prompt only: the prompt, with at least one {{variable}} (a lead field) */
  template?: InputMaybe<Scalars['String']['input']>;
};

export type CreateCampaignInput = {
  name: Scalars['String']['input'];
};

export type CreateLeadFilterInput = {
  filter: LeadFilterInput;
  name: Scalars['String']['input'];
};

export type CreateLeadListInput = {
  name: Scalars['String']['input'];
};

export type CreateMailboxInput = {
  dailyCap: Scalars['Int']['input'];
  /** Daily cap shared by the inboxes of this domain. */
  domainDailyCap?: InputMaybe<Scalars['Int']['input']>;
  email: Scalars['String']['input'];
  fromName: Scalars['String']['input'];
  /** Random extra minutes (0..n) added to the gap; 5 unless given. */
  gapJitterMinutes?: InputMaybe<Scalars['Int']['input']>;
  imapHost: Scalars['String']['input'];
  imapPort: Scalars['Int']['input'];
  /** Minimum minutes between sends; 9 unless given. */
  minGapMinutes?: InputMaybe<Scalars['Int']['input']>;
  password: Scalars['String']['input'];
  /** sending (default) or seed: a mailbox placement tests send to; it never sends. Not changeable later. */
  purpose?: InputMaybe<Scalars['String']['input']>;
  /** Added per day up to dailyCap; 5 unless given. */
  rampIncrement?: InputMaybe<Scalars['Int']['input']>;
  /** Sends on the first day; 10 unless given. */
  rampStart?: InputMaybe<Scalars['Int']['input']>;
  signature?: InputMaybe<Scalars['String']['input']>;
  smtpHost: Scalars['String']['input'];
  smtpPort: Scalars['Int']['input'];
  smtpSecure: Scalars['Boolean']['input'];
  tags?: InputMaybe<Array<Scalars['String']['input']>>;
  username: Scalars['String']['input'];
};

export type CreateMemberInput = {
  email: Scalars['String']['input'];
  name: Scalars['String']['input'];
  password: Scalars['String']['input'];
  role: Scalars['String']['input'];
};

export type CreateSavedReplyInput = {
  /** The text; {{firstName|fallback}}, {{sendingAccountFirstName}} and any lead field are filled when rendered. */
  body: Scalars['String']['input'];
  /** Unique in the workspace. */
  name: Scalars['String']['input'];
  /** null or left out: an answer keeps the thread's subject (Re: …). */
  subject?: InputMaybe<Scalars['String']['input']>;
};

export type CreateSequenceTemplateInput = {
  campaignId: Scalars['ID']['input'];
  name: Scalars['String']['input'];
};

export type CreateSubsequenceInput = {
  name: Scalars['String']['input'];
  trigger: SubsequenceTriggerInput;
};

export type CreateWebhookInput = {
  description?: InputMaybe<Scalars['String']['input']>;
  /** The kinds to receive (GET /webhooks/events); empty or left out: every kind. */
  events?: InputMaybe<Array<Scalars['String']['input']>>;
  /** Where events are POSTed: an absolute http(s) URL. */
  url: Scalars['String']['input'];
};

export type CreatedApiKey = {
  __typename?: 'CreatedApiKey';
  createdAt: Scalars['DateTimeISO']['output'];
  id: Scalars['ID']['output'];
  /** Shown only here; store it now. */
  key: Scalars['String']['output'];
  name: Scalars['String']['output'];
  /** What the key may do (decisions.md §12). */
  scopes: Array<Scalars['String']['output']>;
};

export type Deleted = {
  __typename?: 'Deleted';
  deleted: Scalars['Boolean']['output'];
};

export type DeliverabilityInbox = {
  __typename?: 'DeliverabilityInbox';
  /** People's replies (not auto-replies or bounces) the inbox received. */
  answered: Scalars['Int']['output'];
  /** Deferred attempts (one email may be deferred more than once). */
  deferred: Scalars['Int']['output'];
  email: Scalars['String']['output'];
  rejected: Scalars['Int']['output'];
  /** Emails that left: accepted or rejected attempts (a bounce was sent, as in every rate). */
  sent: Scalars['Int']['output'];
};

export type DeliverabilityReport = {
  __typename?: 'DeliverabilityReport';
  /** Bounces recorded in the window by category and code, most first. */
  bounceReasons: Array<BounceReasonCount>;
  /** Every connected inbox (and a deleted one that had activity in the window), by address. */
  perInbox: Array<DeliverabilityInbox>;
  smtp: SmtpAttemptCounts;
  /** The window: the last 7 × 24 hours up to now. */
  windowDays: Scalars['Int']['output'];
};

export type DeliveryQueryInput = {
  /** Continues the list after the page that gave it (nextCursor; over REST the URL of the Link rel="next" header carries it). Made for this list and these filters only: another list's, other filters' or an altered cursor is 400 invalid_cursor. Not together with offset (400 validation_failed). */
  cursor?: InputMaybe<Scalars['String']['input']>;
  /** Page size, 50 by default, at most 100. */
  limit?: InputMaybe<Scalars['Int']['input']>;
  /** Rows skipped; not together with cursor. */
  offset?: InputMaybe<Scalars['Int']['input']>;
};

export type DiagnoseProblem = {
  __typename?: 'DiagnoseProblem';
  /** domain_<check>, domain_unchecked, inbox_*, ramp_low, no_inbox, no_steps, copy_<copy-check code> */
  code: Scalars['String']['output'];
  /** What to do about it. */
  fix: Scalars['String']['output'];
  /** high (nothing can be sent), medium (hurts delivery or holds sending back) or low */
  severity: Scalars['String']['output'];
  text: Scalars['String']['output'];
};

export type DmarcLatestReport = {
  __typename?: 'DmarcLatestReport';
  /** Start of the period the report covers. */
  begin: Scalars['DateTimeISO']['output'];
  /** End of the period the report covers. */
  end: Scalars['DateTimeISO']['output'];
  messages: Scalars['Int']['output'];
  /** The organisation that sent the report. */
  org: Scalars['String']['output'];
  reportId: Scalars['String']['output'];
};

export type DmarcReport = {
  __typename?: 'DmarcReport';
  /** The newest report (by the end of its period), in the window or not; null before the first. */
  latest: Maybe<DmarcLatestReport>;
  /** The inbox that receives aggregate reports; null when none is set. */
  reportAddress: Maybe<Scalars['String']['output']>;
  /** Reports whose period ended in the last windowDays days. */
  summary: DmarcSummary;
  windowDays: Scalars['Int']['output'];
};

export type DmarcReportAddress = {
  __typename?: 'DmarcReportAddress';
  reportAddress: Maybe<Scalars['String']['output']>;
};

export type DmarcReportAddressInput = {
  /** The address of a connected inbox (any case), or null to turn DMARC reading off. */
  reportAddress?: InputMaybe<Scalars['String']['input']>;
};

export type DmarcSource = {
  __typename?: 'DmarcSource';
  /** Messages it sent, summed over the reports. */
  count: Scalars['Int']['output'];
  /** A sending IP address the reports name. */
  ip: Scalars['String']['output'];
};

export type DmarcSummary = {
  __typename?: 'DmarcSummary';
  dkimPassed: Scalars['Int']['output'];
  messages: Scalars['Int']['output'];
  /** Messages that passed DMARC: aligned DKIM or aligned SPF passed. */
  passed: Scalars['Int']['output'];
  /** Messages the receivers quarantined (disposition quarantine). */
  quarantined: Scalars['Int']['output'];
  /** Messages the receivers rejected (disposition reject). */
  rejected: Scalars['Int']['output'];
  reports: Scalars['Int']['output'];
  /** Sending IPs, most messages first (the top 100). */
  sources: Array<DmarcSource>;
  spfPassed: Scalars['Int']['output'];
};

export type DomainCheck = {
  __typename?: 'DomainCheck';
  detail: Scalars['String']['output'];
  /** null for ok checks; otherwise what to do */
  fix: Maybe<Scalars['String']['output']>;
  /** spf, dkim, dmarc, mx or blocklist */
  key: Scalars['String']['output'];
  label: Scalars['String']['output'];
  /** ok, warn, fail or unknown */
  status: Scalars['String']['output'];
  /** the record found or the DKIM selector */
  value: Maybe<Scalars['String']['output']>;
};

export type DomainDayPoint = {
  __typename?: 'DomainDayPoint';
  /** What the domain could send that day: its inboxes' ramp caps added up, held to the domain cap when one is set. */
  allowed: Scalars['Int']['output'];
  /** YYYY-MM-DD in the workspace timezone. */
  day: Scalars['String']['output'];
  /** Emails the domain's inboxes sent that day (what counted against their caps). */
  sent: Scalars['Int']['output'];
};

export type DomainHealth = {
  __typename?: 'DomainHealth';
  checks: Array<DomainCheck>;
  domain: Scalars['String']['output'];
};

export type DomainHealthReport = {
  __typename?: 'DomainHealthReport';
  checkedAt: Scalars['DateTimeISO']['output'];
  domains: Array<DomainHealth>;
};

export type DomainsReport = {
  __typename?: 'DomainsReport';
  /** The days covered, oldest first, ending today (workspace timezone). */
  days: Array<Scalars['String']['output']>;
  /** Every sending domain, by name. */
  domains: Array<SendingDomain>;
};

/** An estimate: the smallest of the daily limit left, the leads due before midnight in the campaign zone and what its inboxes have left today. */
export type DueToday = {
  __typename?: 'DueToday';
  followUps: Scalars['Int']['output'];
  newLeads: Scalars['Int']['output'];
  total: Scalars['Int']['output'];
};

/** What became of the rows given; the counts always add up to the number of rows. */
export type ImportCounts = {
  __typename?: 'ImportCounts';
  /** The address or its domain is on the blocklist. */
  blocklisted: Scalars['Int']['output'];
  /** Emailed by the workspace within its recent-contact days. */
  contactedRecently: Scalars['Int']['output'];
  /** Repeated in the rows given, or already a lead of the campaign. */
  duplicates: Scalars['Int']['output'];
  /** A lead in another campaign of the workspace. */
  inAnotherCampaign: Scalars['Int']['output'];
  /** New leads (status pending, before step 1). */
  inserted: Scalars['Int']['output'];
  /** Not an email address. */
  invalid: Scalars['Int']['output'];
};

export type Lead = {
  __typename?: 'Lead';
  awayUntil: Maybe<Scalars['DateTimeISO']['output']>;
  campaignId: Scalars['ID']['output'];
  /** Name of its campaign. */
  campaignName: Scalars['String']['output'];
  createdAt: Scalars['DateTimeISO']['output'];
  /** 0 before the first email */
  currentStep: Scalars['Int']['output'];
  /** null: the campaign's deal value applies */
  dealValue: Maybe<Scalars['Int']['output']>;
  email: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  interest: Maybe<Scalars['String']['output']>;
  /** The inbox that sends its sequence (decisions.md §11); null before its first email. */
  mailboxId: Maybe<Scalars['ID']['output']>;
  nextDueAt: Maybe<Scalars['DateTimeISO']['output']>;
  note: Maybe<Scalars['String']['output']>;
  provider: Maybe<Scalars['String']['output']>;
  /** The zone its sends follow: its own with the campaign's lead_timezone on, else the campaign's. */
  sendZone: Scalars['String']['output'];
  status: Scalars['String']['output'];
  stopReason: Maybe<Scalars['String']['output']>;
  timezone: Maybe<Scalars['String']['output']>;
  /** Lead fields (merge fields), name to text. */
  vars: Scalars['JSONObject']['output'];
  verification: Maybe<Scalars['String']['output']>;
  verifiedAt: Maybe<Scalars['DateTimeISO']['output']>;
  wonAt: Maybe<Scalars['DateTimeISO']['output']>;
  workspaceId: Scalars['ID']['output'];
};

export type LeadActivity = {
  __typename?: 'LeadActivity';
  lead: Lead;
  /** Oldest first. */
  timeline: Array<LeadTimelineEntry>;
};

export type LeadFilter = {
  __typename?: 'LeadFilter';
  createdAt: Scalars['DateTimeISO']['output'];
  filter: SavedLeadFilterFields;
  id: Scalars['ID']['output'];
  name: Scalars['String']['output'];
};

export type LeadFilterInput = {
  interest?: InputMaybe<Scalars['String']['input']>;
  /** Leads added from this lead list. */
  listId?: InputMaybe<Scalars['ID']['input']>;
  /** A provider value, or unchecked for leads not looked up yet (null). */
  provider?: InputMaybe<Scalars['String']['input']>;
  /** Part of the address, case-insensitive; % _ \ and quotes match themselves. */
  q?: InputMaybe<Scalars['String']['input']>;
  status?: InputMaybe<Scalars['String']['input']>;
  /** A verification value, or unchecked for leads not verified (null or unchecked). */
  verification?: InputMaybe<Scalars['String']['input']>;
};

export type LeadList = {
  __typename?: 'LeadList';
  createdAt: Scalars['DateTimeISO']['output'];
  id: Scalars['ID']['output'];
  /** Addresses in the list. */
  leads: Scalars['Int']['output'];
  name: Scalars['String']['output'];
  workspaceId: Scalars['ID']['output'];
};

export type LeadListImportCounts = {
  __typename?: 'LeadListImportCounts';
  /** Rows added to the list. */
  added: Scalars['Int']['output'];
  /** Rows whose address is in the list already, or earlier in the file (case-insensitive). */
  duplicates: Scalars['Int']['output'];
  /** Rows without a valid address. */
  invalid: Scalars['Int']['output'];
};

export type LeadPage = {
  __typename?: 'LeadPage';
  items: Array<Lead>;
  /** The cursor of the page after this one (pass it as cursor with the same filters); null when no more rows follow. Pages are keyset pages in the list's own order: rows added meanwhile ahead of the cursor appear, none repeats. */
  nextCursor: Maybe<Scalars['String']['output']>;
  total: Scalars['Int']['output'];
};

export type LeadQueryInput = {
  /** Continues the list after the page that gave it (nextCursor; over REST the URL of the Link rel="next" header carries it). Made for this list and these filters only: another list's, other filters' or an altered cursor is 400 invalid_cursor. Not together with offset (400 validation_failed). */
  cursor?: InputMaybe<Scalars['String']['input']>;
  interest?: InputMaybe<Scalars['String']['input']>;
  /** Page size, 50 by default, at most 1000; 0 gives only the total. */
  limit?: InputMaybe<Scalars['Int']['input']>;
  /** Leads added from this lead list. */
  listId?: InputMaybe<Scalars['ID']['input']>;
  /** Rows skipped; not together with cursor. */
  offset?: InputMaybe<Scalars['Int']['input']>;
  /** A provider value, or unchecked for leads not looked up yet (null). */
  provider?: InputMaybe<Scalars['String']['input']>;
  /** Part of the address, case-insensitive; % _ \ and quotes match themselves. */
  q?: InputMaybe<Scalars['String']['input']>;
  status?: InputMaybe<Scalars['String']['input']>;
  /** A verification value, or unchecked for leads not verified (null or unchecked). */
  verification?: InputMaybe<Scalars['String']['input']>;
};

export type LeadSearchHit = {
  __typename?: 'LeadSearchHit';
  /** Campaign name */
  campaign: Scalars['String']['output'];
  campaignId: Scalars['ID']['output'];
  createdAt: Scalars['DateTimeISO']['output'];
  currentStep: Scalars['Int']['output'];
  email: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  status: Scalars['String']['output'];
  stopReason: Maybe<Scalars['String']['output']>;
};

export type LeadTimelineEntry = {
  __typename?: 'LeadTimelineEntry';
  at: Scalars['DateTimeISO']['output'];
  detail: Maybe<Scalars['String']['output']>;
  step: Maybe<Scalars['Int']['output']>;
  stepLabel: Maybe<Scalars['String']['output']>;
  /** What happened: added, and the sending kinds as sending records them. */
  type: Scalars['String']['output'];
  variant: Maybe<Scalars['Int']['output']>;
};

export type LoginInput = {
  email: Scalars['String']['input'];
  password: Scalars['String']['input'];
};

export type Mailbox = {
  __typename?: 'Mailbox';
  /** password, or oauth2 (signs in with its provider: decisions.md §15). */
  authType: Scalars['String']['output'];
  backoffUntil: Maybe<Scalars['DateTimeISO']['output']>;
  /** What the ramp lets it send today. */
  capToday: Scalars['Int']['output'];
  createdAt: Scalars['DateTimeISO']['output'];
  /** Ceiling of the daily ramp. */
  dailyCap: Scalars['Int']['output'];
  domainDailyCap: Maybe<Scalars['Int']['output']>;
  email: Scalars['String']['output'];
  fromName: Scalars['String']['output'];
  gapJitterMinutes: Scalars['Int']['output'];
  id: Scalars['ID']['output'];
  imapHost: Scalars['String']['output'];
  imapPort: Scalars['Int']['output'];
  lastError: Maybe<Scalars['String']['output']>;
  /** The last message skipped: its folder, UID and why (a message over 25 MB gives its size). */
  lastSkippedMessage: Maybe<Scalars['String']['output']>;
  minGapMinutes: Scalars['Int']['output'];
  /** google or microsoft for an oauth2 inbox, else null. */
  oauthProvider: Maybe<Scalars['String']['output']>;
  /** placement when it paused itself for its placement-test inbox rate; null when paused by hand. */
  pausedReason: Maybe<Scalars['String']['output']>;
  /** sending, or seed: a mailbox placement tests send to (decisions.md §16). */
  purpose: Scalars['String']['output'];
  rampIncrement: Scalars['Int']['output'];
  /** capToday as a percentage of dailyCap. */
  rampShare: Scalars['Int']['output'];
  rampStart: Scalars['Int']['output'];
  /** YYYY-MM-DD in the workspace timezone. */
  rampStartedAt: Scalars['String']['output'];
  /** A seed's provider: google, microsoft, yahoo or other; null for a sending inbox. */
  seedProvider: Maybe<Scalars['String']['output']>;
  /** Sent today (workspace timezone). */
  sentToday: Scalars['Int']['output'];
  signature: Maybe<Scalars['String']['output']>;
  /** Messages reply polling skipped in this inbox: unreadable, or over 25 MB (not downloaded). */
  skippedMessages: Scalars['Int']['output'];
  smtpHost: Scalars['String']['output'];
  smtpPort: Scalars['Int']['output'];
  smtpSecure: Scalars['Boolean']['output'];
  /** active, paused, bounce_stopped or reconnect_needed */
  status: Scalars['String']['output'];
  tags: Array<Scalars['String']['output']>;
  username: Scalars['String']['output'];
  workspaceId: Scalars['ID']['output'];
};

export type MailboxOAuthStart = {
  __typename?: 'MailboxOAuthStart';
  /** The provider's sign-in page: open it in a browser (an agent hands it to a person). */
  authorizationUrl: Scalars['String']['output'];
  /** The sign-in must come back before this (10 minutes). */
  expiresAt: Scalars['DateTimeISO']['output'];
};

export type MailboxScore = {
  __typename?: 'MailboxScore';
  enoughSends: Scalars['Boolean']['output'];
  inputs: MailboxScoreInputs;
  mailboxId: Scalars['ID']['output'];
  /** Points lost per part. */
  parts: MailboxScoreParts;
  /** Out of 100. */
  score: Scalars['Int']['output'];
};

export type MailboxScoreInputs = {
  __typename?: 'MailboxScoreInputs';
  bounced: Scalars['Int']['output'];
  failed: Scalars['Int']['output'];
  placement: Maybe<Scalars['Float']['output']>;
  replied: Scalars['Int']['output'];
  sent: Scalars['Int']['output'];
};

export type MailboxScoreParts = {
  __typename?: 'MailboxScoreParts';
  bounces: Scalars['Int']['output'];
  errors: Scalars['Int']['output'];
  placement: Scalars['Int']['output'];
  replies: Scalars['Int']['output'];
};

export type MailboxTestResult = {
  __typename?: 'MailboxTestResult';
  imap: ConnectionCheck;
  smtp: ConnectionCheck;
  /** The inbox status after the test: a pass moves bounce_stopped to active. */
  status: Scalars['String']['output'];
};

/** One lead given as JSON. Every vars entry becomes a lead field (names made lower-case letters, digits and underscores); `timezone`, else `country`, sets its zone. */
export type ManualLeadInput = {
  email: Scalars['String']['input'];
  /** Field name to text (numbers and true/false are taken as text; blank or null leaves the field out). */
  vars?: InputMaybe<Scalars['JSONObject']['input']>;
};

/** A merge field used without a fallback by an enabled variant of an email step that would render blank. For source "lead": `blank` leads still in the sequence (pending, active or paused) of `total` lack a non-blank value. For source "inbox" (sendingAccountFirstName, sendingAccountName): `blank` inboxes of the campaign of `total` have an empty from name. */
export type MergeCheckField = {
  __typename?: 'MergeCheckField';
  /** Leads (or inboxes) that would get a blank. */
  blank: Scalars['Int']['output'];
  /** The name as first written in the steps. */
  field: Scalars['String']['output'];
  /** lead or inbox */
  source: Scalars['String']['output'];
  steps: Array<MergeCheckStep>;
  /** Leads still in the sequence (or inboxes of the campaign). */
  total: Scalars['Int']['output'];
};

/** Where a field is used: the step position and variant number (both from 1). */
export type MergeCheckStep = {
  __typename?: 'MergeCheckStep';
  position: Scalars['Int']['output'];
  variant: Scalars['Int']['output'];
};

export type MovePipelineLeadInput = {
  /** One of meeting_booked, meeting_completed, won, lost. */
  stage: Scalars['String']['input'];
};

export type Mutation = {
  __typename?: 'Mutation';
  /** API key scopes: campaigns:write, send. */
  activateCampaign: ActivationResult;
  /**
   * Adds leads to a campaign from exactly one source (JSON leads, CSV text, a published sheet link or a lead list), under the import rules.
   * API key scopes: leads:write.
   */
  addLeads: ImportCounts;
  /**
   * Adds addresses and domains (reason manual); any invalid entry refuses the whole call.
   * API key scopes: leads:write.
   */
  addToBlocklist: BlocklistAdded;
  /**
   * Replaces the campaign's steps with a template's, before the campaign starts.
   * API key scopes: campaigns:write.
   */
  applySequenceTemplate: StepCount;
  /**
   * Assigns an item to a member of the workspace, or unassigns it with null.
   * API key scopes: replies:write.
   */
  assignReply: ReplyAssignment;
  /** API key scopes: mailboxes:write. */
  bulkUpdateMailboxes: ChangedCount;
  /**
   * POST /one-offs/:id/cancel.
   * API key scopes: leads:write.
   */
  cancelOneOff: CancelledOneOff;
  /** API key scopes: all. */
  createApiKey: CreatedApiKey;
  /**
   * POST /campaigns/:id/blocks.
   * API key scopes: campaigns:write.
   */
  createBlock: Block;
  /** API key scopes: campaigns:write. */
  createCampaign: Campaign;
  /** API key scopes: leads:write. */
  createLeadFilter: LeadFilter;
  /** API key scopes: leads:write. */
  createLeadList: LeadList;
  /**
   * Saves the details without logging in.
   * API key scopes: mailboxes:write.
   */
  createMailbox: Mailbox;
  /** API key scopes: all. */
  createMember: User;
  /**
   * The lead to send a one-off email to: the existing lead of the address, or a new lead in the One-off campaign.
   * API key scopes: leads:write.
   */
  createOneOffLead: OneOffLead;
  /** API key scopes: replies:write. */
  createSavedReply: SavedReply;
  /** API key scopes: campaigns:write. */
  createSequenceTemplate: SequenceTemplate;
  /**
   * A draft subsequence of the campaign, with its schedule, limits, settings and inboxes.
   * API key scopes: campaigns:write.
   */
  createSubsequence: Campaign;
  /**
   * Adds an endpoint; the answer is the only time its secret is shown (with rotateWebhookSecret).
   * API key scopes: webhooks:write.
   */
  createWebhook: WebhookWithSecret;
  /** API key scopes: all. */
  deleteApiKey: Deleted;
  /**
   * DELETE /blocks/:id: the column and the values it wrote.
   * API key scopes: campaigns:write.
   */
  deleteBlock: Deleted;
  /**
   * Removes an address or a domain; not_found when it is not on the blocklist.
   * API key scopes: leads:write.
   */
  deleteBlocklistEntry: Deleted;
  /** API key scopes: campaigns:write. */
  deleteCampaign: Deleted;
  /**
   * Only a lead never emailed (lead_emailed otherwise).
   * API key scopes: leads:write.
   */
  deleteLead: Deleted;
  /** API key scopes: leads:write. */
  deleteLeadFilter: Deleted;
  /**
   * Deletes a list; leads it added to campaigns stay.
   * API key scopes: leads:write.
   */
  deleteLeadList: Deleted;
  /**
   * DELETE /mailboxes/:id: what it sent stays; an inbox connected with Google or Microsoft also loses its tokens, and its grant is revoked at the provider.
   * API key scopes: mailboxes:write.
   */
  deleteMailbox: Deleted;
  /** API key scopes: all. */
  deleteMember: Deleted;
  /**
   * Deletes it for everyone in the workspace.
   * API key scopes: replies:write.
   */
  deleteSavedReply: Deleted;
  /** API key scopes: campaigns:write. */
  deleteSequenceTemplate: Deleted;
  /** API key scopes: webhooks:write. */
  deleteWebhook: Deleted;
  /**
   * POST /tasks/:id/done: the lead moves to its next step.
   * API key scopes: campaigns:write.
   */
  doneTask: TaskClosed;
  /** API key scopes: campaigns:write. */
  duplicateCampaign: Campaign;
  /**
   * Imports a CSV (column email or domain, else the first column), reason import.
   * API key scopes: leads:write.
   */
  importBlocklist: BlocklistImportCounts;
  /**
   * Adds the rows of a CSV (with an email column) to a list; other columns become fields.
   * API key scopes: leads:write.
   */
  importLeadListLeads: LeadListImportCounts;
  /**
   * Ties an untracked reply to a lead of the workspace, with the effects of a reply from that lead, once (POST /replies/:id/link).
   * API key scopes: replies:write.
   */
  linkReply: Reply;
  login: AuthPayload;
  /**
   * PATCH /analytics/pipeline/:leadId: moves a lead that has replied to meeting_booked, meeting_completed, won or lost; stops its sequence, sends nothing.
   * API key scopes: leads:write.
   */
  movePipelineLead: PipelineMoveView;
  /** API key scopes: campaigns:write. */
  pauseCampaign: StatusResult;
  /** API key scopes: mailboxes:write. */
  pauseMailbox: StatusResult;
  /**
   * POST /campaigns/:id/blocks/preview: the column tried on five leads; nothing saved (prompt calls count under the monthly cap).
   * API key scopes: campaigns:read.
   */
  previewBlock: BlockPreview;
  /**
   * POST /campaigns/:id/preview: renders emails for one lead; nothing is saved or sent.
   * API key scopes: campaigns:read.
   */
  previewCampaign: CampaignPreview;
  /**
   * POST /saved-replies/:id/render: fills the merge fields for a reply (replyId) or a lead and an inbox (leadId and mailboxId); nothing is sent.
   * API key scopes: replies:read.
   */
  renderSavedReply: RenderedSavedReply;
  /** API key scopes: mailboxes:write, send. */
  resumeMailbox: StatusResult;
  /**
   * Attempts a delivery again now (POST /webhooks/deliveries/:id/retry).
   * API key scopes: webhooks:write.
   */
  retryWebhookDelivery: WebhookDelivery;
  /**
   * A new secret; the old one no longer verifies anything sent from now on. Shown only here.
   * API key scopes: webhooks:write.
   */
  rotateWebhookSecret: WebhookWithSecret;
  /**
   * POST /blocks/:id/run: fills the column in the background.
   * API key scopes: campaigns:write.
   */
  runBlock: BlockRun;
  /**
   * POST /leads/:id/send: queues a one-off email; nothing goes out from the call.
   * API key scopes: leads:write, send.
   */
  sendLeadEmail: QueuedOneOff;
  /**
   * Sends an answer at once from the inbox that received the item, in its thread (POST /replies/:id/reply).
   * API key scopes: replies:write, send.
   */
  sendReplyAnswer: ReplyAnswerSent;
  /**
   * PATCH /reports/dmarc: the inbox that receives DMARC aggregate reports, or null.
   * API key scopes: mailboxes:write.
   */
  setDmarcReportAddress: DmarcReportAddress;
  /** API key scopes: all. */
  setVerificationKey: VerificationKeyStatus;
  signup: AuthPayload;
  /**
   * POST /tasks/:id/skip: the lead moves on; the task keeps that it was skipped.
   * API key scopes: campaigns:write.
   */
  skipTask: TaskClosed;
  /**
   * Hides an item until a moment; null brings it back now.
   * API key scopes: replies:write.
   */
  snoozeReply: ReplySnooze;
  /**
   * POST /mailboxes/oauth/:provider/start: the provider's sign-in URL (10 minutes, one use); mailboxId reconnects that inbox.
   * API key scopes: mailboxes:write.
   */
  startMailboxOAuth: MailboxOAuthStart;
  /**
   * POST /placement-tests: each sender emails each seed now (outside its daily cap and gap); the test runs on (status running) until every copy is found or failed, or its wait ends.
   * API key scopes: send.
   */
  startPlacementTest: PlacementTest;
  /**
   * Logs in to the inbox SMTP and IMAP servers; a pass lifts a bounce stop.
   * API key scopes: mailboxes:write, send.
   */
  testMailbox: MailboxTestResult;
  /**
   * Sends a webhook_test event to the endpoint now; the delivery as the attempt left it.
   * API key scopes: webhooks:write.
   */
  testWebhook: WebhookDelivery;
  /**
   * Unsubscribes the item's lead (blocklisted, stopped, one event) and marks the item not_interested.
   * API key scopes: replies:write.
   */
  unsubscribeReply: ReplyUnsubscribed;
  /**
   * PATCH /blocks/:id: template and max_chars; refused while a run goes.
   * API key scopes: campaigns:write.
   */
  updateBlock: Block;
  /**
   * PATCH /blocks/:id/cells/:leadId: a value by hand; runs never overwrite it.
   * API key scopes: campaigns:write.
   */
  updateBlockCell: BlockCell;
  /** API key scopes: campaigns:write. */
  updateCampaign: Campaign;
  /**
   * Replaces every step of the campaign (PUT /campaigns/:id/steps).
   * API key scopes: campaigns:write.
   */
  updateCampaignSteps: StepCount;
  /** API key scopes: leads:write. */
  updateLead: Lead;
  /** API key scopes: mailboxes:write. */
  updateMailbox: Mailbox;
  /**
   * Labels an item (copied to its lead's interest) and/or marks it read or unread.
   * API key scopes: replies:write.
   */
  updateReply: ReplyUpdated;
  /** API key scopes: replies:write. */
  updateSavedReply: SavedReply;
  /**
   * Turns one variant on or off; position and variant count from 1.
   * API key scopes: campaigns:write.
   */
  updateStepVariant: StepVariantState;
  /** API key scopes: webhooks:write. */
  updateWebhook: Webhook;
  /** API key scopes: all. */
  updateWorkspace: Workspace;
  /**
   * POST /campaigns/:id/verify: marks leads on domains without a mail server invalid. Free.
   * API key scopes: leads:write.
   */
  verifyCampaign: CampaignDomainCheck;
  /**
   * POST /campaigns/:id/verify-addresses: sends each unchecked lead still due mail to the workspace's verifier in the background.
   * API key scopes: leads:write.
   */
  verifyCampaignAddresses: AddressVerificationStarted;
};


export type MutationActivateCampaignArgs = {
  id: Scalars['ID']['input'];
};


export type MutationAddLeadsArgs = {
  campaignId: Scalars['ID']['input'];
  input: AddLeadsInput;
};


export type MutationAddToBlocklistArgs = {
  input: AddToBlocklistInput;
};


export type MutationApplySequenceTemplateArgs = {
  campaignId: Scalars['ID']['input'];
  templateId: Scalars['ID']['input'];
};


export type MutationAssignReplyArgs = {
  id: Scalars['ID']['input'];
  input: AssignReplyInput;
};


export type MutationBulkUpdateMailboxesArgs = {
  input: BulkUpdateMailboxesInput;
};


export type MutationCancelOneOffArgs = {
  id: Scalars['ID']['input'];
};


export type MutationCreateApiKeyArgs = {
  input: CreateApiKeyInput;
};


export type MutationCreateBlockArgs = {
  campaignId: Scalars['ID']['input'];
  input: CreateBlockInput;
};


export type MutationCreateCampaignArgs = {
  input: CreateCampaignInput;
};


export type MutationCreateLeadFilterArgs = {
  input: CreateLeadFilterInput;
};


export type MutationCreateLeadListArgs = {
  input: CreateLeadListInput;
};


export type MutationCreateMailboxArgs = {
  input: CreateMailboxInput;
};


export type MutationCreateMemberArgs = {
  input: CreateMemberInput;
};


export type MutationCreateOneOffLeadArgs = {
  input: OneOffLeadInput;
};


export type MutationCreateSavedReplyArgs = {
  input: CreateSavedReplyInput;
};


export type MutationCreateSequenceTemplateArgs = {
  input: CreateSequenceTemplateInput;
};


export type MutationCreateSubsequenceArgs = {
  campaignId: Scalars['ID']['input'];
  input: CreateSubsequenceInput;
};


export type MutationCreateWebhookArgs = {
  input: CreateWebhookInput;
};


export type MutationDeleteApiKeyArgs = {
  id: Scalars['ID']['input'];
};


export type MutationDeleteBlockArgs = {
  id: Scalars['ID']['input'];
};


export type MutationDeleteBlocklistEntryArgs = {
  email: Scalars['String']['input'];
};


export type MutationDeleteCampaignArgs = {
  id: Scalars['ID']['input'];
};


export type MutationDeleteLeadArgs = {
  id: Scalars['ID']['input'];
};


export type MutationDeleteLeadFilterArgs = {
  id: Scalars['ID']['input'];
};


export type MutationDeleteLeadListArgs = {
  id: Scalars['ID']['input'];
};


export type MutationDeleteMailboxArgs = {
  id: Scalars['ID']['input'];
};


export type MutationDeleteMemberArgs = {
  id: Scalars['ID']['input'];
};


export type MutationDeleteSavedReplyArgs = {
  id: Scalars['ID']['input'];
};


export type MutationDeleteSequenceTemplateArgs = {
  id: Scalars['ID']['input'];
};


export type MutationDeleteWebhookArgs = {
  id: Scalars['ID']['input'];
};


export type MutationDoneTaskArgs = {
  id: Scalars['ID']['input'];
};


export type MutationDuplicateCampaignArgs = {
  id: Scalars['ID']['input'];
};


export type MutationImportBlocklistArgs = {
  csv: Scalars['String']['input'];
};


export type MutationImportLeadListLeadsArgs = {
  csv: Scalars['String']['input'];
  id: Scalars['ID']['input'];
};


export type MutationLinkReplyArgs = {
  id: Scalars['ID']['input'];
  leadId: Scalars['ID']['input'];
};


export type MutationLoginArgs = {
  input: LoginInput;
};


export type MutationMovePipelineLeadArgs = {
  input: MovePipelineLeadInput;
  leadId: Scalars['ID']['input'];
};


export type MutationPauseCampaignArgs = {
  id: Scalars['ID']['input'];
};


export type MutationPauseMailboxArgs = {
  id: Scalars['ID']['input'];
};


export type MutationPreviewBlockArgs = {
  campaignId: Scalars['ID']['input'];
  input: CreateBlockInput;
};


export type MutationPreviewCampaignArgs = {
  id: Scalars['ID']['input'];
  input?: InputMaybe<PreviewInput>;
};


export type MutationRenderSavedReplyArgs = {
  id: Scalars['ID']['input'];
  input: RenderSavedReplyInput;
};


export type MutationResumeMailboxArgs = {
  id: Scalars['ID']['input'];
};


export type MutationRetryWebhookDeliveryArgs = {
  id: Scalars['ID']['input'];
};


export type MutationRotateWebhookSecretArgs = {
  id: Scalars['ID']['input'];
};


export type MutationRunBlockArgs = {
  id: Scalars['ID']['input'];
  input?: InputMaybe<RunBlockInput>;
};


export type MutationSendLeadEmailArgs = {
  id: Scalars['ID']['input'];
  input: OneOffSendInput;
};


export type MutationSendReplyAnswerArgs = {
  id: Scalars['ID']['input'];
  input: ReplyAnswerInput;
};


export type MutationSetDmarcReportAddressArgs = {
  input: DmarcReportAddressInput;
};


export type MutationSetVerificationKeyArgs = {
  input: VerificationKeyInput;
};


export type MutationSignupArgs = {
  input: SignupInput;
};


export type MutationSkipTaskArgs = {
  id: Scalars['ID']['input'];
};


export type MutationSnoozeReplyArgs = {
  id: Scalars['ID']['input'];
  input: SnoozeReplyInput;
};


export type MutationStartMailboxOAuthArgs = {
  mailboxId?: InputMaybe<Scalars['ID']['input']>;
  provider: Scalars['String']['input'];
  returnTo?: InputMaybe<Scalars['String']['input']>;
};


export type MutationStartPlacementTestArgs = {
  input: StartPlacementTestInput;
};


export type MutationTestMailboxArgs = {
  id: Scalars['ID']['input'];
};


export type MutationTestWebhookArgs = {
  id: Scalars['ID']['input'];
};


export type MutationUnsubscribeReplyArgs = {
  id: Scalars['ID']['input'];
};


export type MutationUpdateBlockArgs = {
  id: Scalars['ID']['input'];
  input: UpdateBlockInput;
};


export type MutationUpdateBlockCellArgs = {
  id: Scalars['ID']['input'];
  input: UpdateBlockCellInput;
  leadId: Scalars['ID']['input'];
};


export type MutationUpdateCampaignArgs = {
  id: Scalars['ID']['input'];
  input: UpdateCampaignInput;
};


export type MutationUpdateCampaignStepsArgs = {
  campaignId: Scalars['ID']['input'];
  steps: Array<StepInput>;
};


export type MutationUpdateLeadArgs = {
  id: Scalars['ID']['input'];
  input: UpdateLeadInput;
};


export type MutationUpdateMailboxArgs = {
  id: Scalars['ID']['input'];
  input: UpdateMailboxInput;
};


export type MutationUpdateReplyArgs = {
  id: Scalars['ID']['input'];
  input: UpdateReplyInput;
};


export type MutationUpdateSavedReplyArgs = {
  id: Scalars['ID']['input'];
  input: UpdateSavedReplyInput;
};


export type MutationUpdateStepVariantArgs = {
  campaignId: Scalars['ID']['input'];
  enabled: Scalars['Boolean']['input'];
  position: Scalars['Int']['input'];
  variant: Scalars['Int']['input'];
};


export type MutationUpdateWebhookArgs = {
  id: Scalars['ID']['input'];
  input: UpdateWebhookInput;
};


export type MutationUpdateWorkspaceArgs = {
  input: UpdateWorkspaceInput;
};


export type MutationVerifyCampaignArgs = {
  id: Scalars['ID']['input'];
};


export type MutationVerifyCampaignAddressesArgs = {
  id: Scalars['ID']['input'];
};

export type OAuthProvider = {
  __typename?: 'OAuthProvider';
  /** Its client id and secret are set on this server, so inboxes may connect with it. */
  configured: Scalars['Boolean']['output'];
  /** google or microsoft. */
  provider: Scalars['String']['output'];
};

export type OneOffLead = {
  __typename?: 'OneOffLead';
  /** false when the address already was a lead of the workspace */
  created: Scalars['Boolean']['output'];
  leadId: Scalars['ID']['output'];
};

export type OneOffLeadInput = {
  email: Scalars['String']['input'];
};

/** A new email (subject) or an answer in a reply's thread (replyTo); exactly one of the two. */
export type OneOffSendInput = {
  body: Scalars['String']['input'];
  mailboxId: Scalars['ID']['input'];
  replyTo?: InputMaybe<Scalars['ID']['input']>;
  subject?: InputMaybe<Scalars['String']['input']>;
};

export type PipelineLeadView = {
  __typename?: 'PipelineLeadView';
  /** The campaign's name. */
  campaign: Scalars['String']['output'];
  campaignId: Scalars['ID']['output'];
  email: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  /** The lead's deal value, else its campaign's, else 0. */
  value: Scalars['Int']['output'];
};

export type PipelineMoveView = {
  __typename?: 'PipelineMoveView';
  id: Scalars['ID']['output'];
  stage: Scalars['String']['output'];
};

export type PipelineQueryInput = {
  /** Continues the list after the page that gave it (nextCursor; over REST the URL of the Link rel="next" header carries it). Made for this list and these filters only: another list's, other filters' or an altered cursor is 400 invalid_cursor. Not together with offset (400 validation_failed). */
  cursor?: InputMaybe<Scalars['String']['input']>;
  /** Leads listed per stage, 50 by default, 0 to 500. */
  limit?: InputMaybe<Scalars['Int']['input']>;
  /** Leads skipped in each stage listed (most recent reply first); not together with cursor. */
  offset?: InputMaybe<Scalars['Int']['input']>;
  /** Only this stage's leads are listed (the other stages keep their counts and values): interested, meeting_booked, meeting_completed, won, lost. */
  stage?: InputMaybe<Scalars['String']['input']>;
};

export type PipelineStageView = {
  __typename?: 'PipelineStageView';
  /** Leads at this stage. */
  count: Scalars['Int']['output'];
  /** A page of them, most recent reply first (limit, offset). */
  leads: Array<PipelineLeadView>;
  stage: Scalars['String']['output'];
  /** The sum of their values. */
  value: Scalars['Float']['output'];
};

export type PipelineView = {
  __typename?: 'PipelineView';
  /** The cursor of the page after this one (pass it as cursor with the same filters); null when no more rows follow. Pages are keyset pages in the list's own order: rows added meanwhile ahead of the cursor appear, none repeats. */
  nextCursor: Maybe<Scalars['String']['output']>;
  /** interested, meeting_booked, meeting_completed, won, lost, in that order. */
  stages: Array<PipelineStageView>;
  /** The value of the won stage. */
  wonValue: Scalars['Float']['output'];
};

/** The copy's topmost Authentication-Results: pass, fail, softfail, neutral, none, temperror or permerror; null when it does not name the method. */
export type PlacementAuth = {
  __typename?: 'PlacementAuth';
  dkim: Maybe<Scalars['String']['output']>;
  dmarc: Maybe<Scalars['String']['output']>;
  spf: Maybe<Scalars['String']['output']>;
};

export type PlacementContent = {
  __typename?: 'PlacementContent';
  campaignId: Maybe<Scalars['ID']['output']>;
  step: Maybe<Scalars['Int']['output']>;
  /** The subject as written (merge fields render for each copy as for a lead with no fields). */
  subject: Scalars['String']['output'];
  variant: Maybe<Scalars['Int']['output']>;
};

/** sent counts every copy tried (failed ones too); inboxRate = (inbox + category) ÷ (sent − failed), a percentage. */
export type PlacementCounts = {
  __typename?: 'PlacementCounts';
  /** Gmail's Promotions, Updates, Social or Forums tab. */
  category: Scalars['Int']['output'];
  /** Refused by the sender's SMTP server (or never sent). */
  failed: Scalars['Int']['output'];
  inbox: Scalars['Int']['output'];
  /** One decimal; null while no copy reached a seed. */
  inboxRate: Maybe<Scalars['Float']['output']>;
  /** Not found by the deadline. */
  missing: Scalars['Int']['output'];
  /** Another folder. */
  other: Scalars['Int']['output'];
  sent: Scalars['Int']['output'];
  spam: Scalars['Int']['output'];
};

export type PlacementProviderCounts = {
  __typename?: 'PlacementProviderCounts';
  /** Gmail's Promotions, Updates, Social or Forums tab. */
  category: Scalars['Int']['output'];
  /** Refused by the sender's SMTP server (or never sent). */
  failed: Scalars['Int']['output'];
  inbox: Scalars['Int']['output'];
  /** One decimal; null while no copy reached a seed. */
  inboxRate: Maybe<Scalars['Float']['output']>;
  /** Not found by the deadline. */
  missing: Scalars['Int']['output'];
  /** Another folder. */
  other: Scalars['Int']['output'];
  /** google, microsoft, yahoo or other */
  provider: Scalars['String']['output'];
  sent: Scalars['Int']['output'];
  spam: Scalars['Int']['output'];
};

/** One copy: one sender to one seed. */
export type PlacementResult = {
  __typename?: 'PlacementResult';
  /** null when the copy has no Authentication-Results header (or was not found). */
  auth: Maybe<PlacementAuth>;
  /** Seconds from sending to the first sighting. */
  delaySeconds: Maybe<Scalars['Int']['output']>;
  /** The SMTP server's answer of a failed copy; why its seed could not be read; what a restart left unknown. */
  detail: Maybe<Scalars['String']['output']>;
  /** Where it was found: INBOX, the Gmail tab, the spam folder or another folder. */
  folder: Maybe<Scalars['String']['output']>;
  mailboxId: Scalars['ID']['output'];
  /** inbox, category, spam, other, missing or failed; null while it is still looked for. */
  placement: Maybe<Scalars['String']['output']>;
  seedId: Scalars['ID']['output'];
  seedProvider: Scalars['String']['output'];
};

export type PlacementSenderCounts = {
  __typename?: 'PlacementSenderCounts';
  /** Gmail's Promotions, Updates, Social or Forums tab. */
  category: Scalars['Int']['output'];
  email: Scalars['String']['output'];
  /** Refused by the sender's SMTP server (or never sent). */
  failed: Scalars['Int']['output'];
  inbox: Scalars['Int']['output'];
  /** One decimal; null while no copy reached a seed. */
  inboxRate: Maybe<Scalars['Float']['output']>;
  mailboxId: Scalars['ID']['output'];
  /** Not found by the deadline. */
  missing: Scalars['Int']['output'];
  /** Another folder. */
  other: Scalars['Int']['output'];
  sent: Scalars['Int']['output'];
  spam: Scalars['Int']['output'];
};

/** A placement test (decisions.md §16): each sender emailed each seed; where each copy landed. */
export type PlacementTest = {
  __typename?: 'PlacementTest';
  byProvider: Array<PlacementProviderCounts>;
  bySender: Array<PlacementSenderCounts>;
  content: PlacementContent;
  createdAt: Scalars['DateTimeISO']['output'];
  finishedAt: Maybe<Scalars['DateTimeISO']['output']>;
  id: Scalars['ID']['output'];
  /** Each copy: one sender to one seed. */
  results: Array<PlacementResult>;
  /** running or done */
  status: Scalars['String']['output'];
  summary: PlacementCounts;
  waitMinutes: Scalars['Int']['output'];
};

/** A page of tests, newest first; pass nextCursor as cursor for the next page (null on the last). */
export type PlacementTestPage = {
  __typename?: 'PlacementTestPage';
  items: Array<PlacementTest>;
  nextCursor: Maybe<Scalars['String']['output']>;
};

/** A merge field without a fallback that rendered empty in this preview. */
export type PreviewBlank = {
  __typename?: 'PreviewBlank';
  /** The name as written in the template. */
  field: Scalars['String']['output'];
  /** lead (a lead field) or inbox (a sender field such as sendingAccountFirstName) */
  source: Scalars['String']['output'];
};

export type PreviewInput = {
  /** A lead of this campaign; left out: its first lead (oldest). */
  leadId?: InputMaybe<Scalars['ID']['input']>;
  /** The emails to render, in sequence order; left out (or null): the campaign's own email steps, each with the variant the lead gets. */
  steps?: InputMaybe<Array<PreviewStepInput>>;
  /** Fields laid over the lead's (name to text); they win over the lead's own. */
  vars?: InputMaybe<Scalars['JSONObject']['input']>;
};

/** The lead the preview was rendered for. */
export type PreviewLead = {
  __typename?: 'PreviewLead';
  email: Scalars['String']['output'];
  id: Scalars['ID']['output'];
};

/** Why the preview differs from a real send. */
export type PreviewNote = {
  __typename?: 'PreviewNote';
  /** no_lead (rendered from vars alone), no_inbox (sender fields blank, no signature, no From) or template_invalid (a broken {{#if}}/{{else}}/{{/if}} tag, shown as written; saving it is refused) */
  code: Scalars['String']['output'];
  text: Scalars['String']['output'];
};

/** One email as it would be sent: the subject line and the text/plain part (signature included). */
export type PreviewStep = {
  __typename?: 'PreviewStep';
  /** Merge fields that rendered empty (no value, no fallback); [] when none. */
  blanks: Array<PreviewBlank>;
  subject: Scalars['String']['output'];
  text: Scalars['String']['output'];
};

export type PreviewStepInput = {
  body: Scalars['String']['input'];
  /** Empty on a follow-up: it answers in the thread of the first step rendered. */
  subject: Scalars['String']['input'];
};

export type Query = {
  __typename?: 'Query';
  /** API key scopes: all. */
  apiKeys: Array<ApiKey>;
  /**
   * Every successful change in the workspace, newest first, kept 90 days (GET /settings/audit-log); owner session only (a member or an API key: owner_required). Cursor pages: pass the answer's nextCursor as cursor for the next page.
   * API key scopes: all.
   */
  auditLog: AuditLogPage;
  /**
   * GET /analytics/best-time: replies by weekday and hour in the workspace timezone over the last `days` days.
   * API key scopes: reports:read.
   */
  bestTimeReport: BestTimeReport;
  /**
   * GET /campaigns/:id/blocks/cells: the cells of the campaign's columns for up to 200 leads.
   * API key scopes: campaigns:read.
   */
  blockCells: Array<BlockCell>;
  /**
   * Blocklist entries, newest first (GET /blocklist). Cursor pages: query.cursor = nextCursor of the page before.
   * API key scopes: leads:read.
   */
  blocklist: BlocklistPage;
  /**
   * GET /campaigns/:id/blocks: the campaign's columns, oldest first, with lead counts.
   * API key scopes: campaigns:read.
   */
  blocks: Array<Block>;
  /** API key scopes: campaigns:read. */
  campaign: Campaign;
  /**
   * Newest first (GET /campaigns/:id/activity). Cursor pages: page.cursor = nextCursor of the page before.
   * API key scopes: reports:read.
   */
  campaignActivity: CampaignActivity;
  /**
   * Newest first (GET /campaigns/:id/bounces). Cursor pages: page.cursor = nextCursor of the page before.
   * API key scopes: reports:read.
   */
  campaignBounces: CampaignBounces;
  /**
   * GET /campaigns/:id/copy-check.
   * API key scopes: campaigns:read.
   */
  campaignCopyCheck: Array<CopyWarning>;
  /**
   * GET /campaigns/:id/diagnose: read-only; domains from the last domain health run.
   * API key scopes: campaigns:read.
   */
  campaignDiagnosis: CampaignDiagnosis;
  /**
   * GET /campaigns/:id/merge-check: [] when no field would be blank.
   * API key scopes: campaigns:read.
   */
  campaignMergeCheck: Array<MergeCheckField>;
  /**
   * Whether the campaign is sending now, and why not (GET /campaigns/:id/sending-status).
   * API key scopes: campaigns:read.
   */
  campaignSendingStatus: SendingStatus;
  /**
   * The sending status of several campaigns at once, in the order given (GET /sending-status).
   * API key scopes: campaigns:read.
   */
  campaignSendingStatuses: Array<SendingStatus>;
  /**
   * GET /campaigns/:id/stats.
   * API key scopes: reports:read.
   */
  campaignStats: CampaignStats;
  /**
   * GET /campaigns/:id/verification.
   * API key scopes: leads:read.
   */
  campaignVerification: CampaignVerification;
  /**
   * Oldest first.
   * API key scopes: campaigns:read.
   */
  campaigns: Array<Campaign>;
  /**
   * GET /reports/deliverability: SMTP outcomes, bounce reasons and inboxes over the last 7 days.
   * API key scopes: reports:read.
   */
  deliverabilityReport: DeliverabilityReport;
  /**
   * GET /reports/dmarc: DMARC aggregate reports of the last `days` days.
   * API key scopes: reports:read.
   */
  dmarcReport: DmarcReport;
  /**
   * SPF, DKIM, DMARC, MX and blocklist checks of every sending domain (5 runs per 10 minutes).
   * API key scopes: mailboxes:read.
   */
  domainHealth: DomainHealthReport;
  /**
   * GET /reports/domains: per sending domain, sent and allowed on each of the last `days` days.
   * API key scopes: reports:read.
   */
  domainsReport: DomainsReport;
  /**
   * One background job (an async import or export) of the workspace; another workspace's is not found.
   * API key scopes: leads:read.
   */
  job: BackgroundJobView;
  /**
   * The workspace's background jobs, newest first, in cursor pages (items and nextCursor).
   * API key scopes: leads:read.
   */
  jobs: BackgroundJobPage;
  /** API key scopes: leads:read. */
  lead: Lead;
  /** API key scopes: leads:read. */
  leadActivity: LeadActivity;
  /**
   * Every field name the campaign's leads carry, in order of first appearance, up to 200.
   * API key scopes: leads:read.
   */
  leadFields: Array<Scalars['String']['output']>;
  /**
   * Saved lead filters by name.
   * API key scopes: leads:read.
   */
  leadFilters: Array<LeadFilter>;
  /**
   * Lead lists, oldest first, with their address counts.
   * API key scopes: leads:read.
   */
  leadLists: Array<LeadList>;
  /**
   * With campaignId: that campaign's leads, oldest first, q matching the address (GET /campaigns/:id/leads). Without: every lead of the workspace, newest first, q matching the address or the company field (GET /leads). total counts the matches regardless of limit and offset. Cursor pages: pass query.cursor = nextCursor of the page before (decisions.md §12; not connections).
   * API key scopes: leads:read.
   */
  leads: LeadPage;
  /** API key scopes: mailboxes:read. */
  mailbox: Mailbox;
  /** API key scopes: mailboxes:read. */
  mailboxScores: Array<MailboxScore>;
  /**
   * Connected inboxes, oldest first.
   * API key scopes: mailboxes:read.
   */
  mailboxes: Array<Mailbox>;
  /** API key scopes: all. */
  members: Array<User>;
  /**
   * GET /oauth/providers: the OAuth providers and whether each is configured.
   * API key scopes: mailboxes:read.
   */
  oauthProviders: Array<OAuthProvider>;
  /**
   * GET /analytics/pipeline: the five stages with counts, values and a page of their leads. Cursor pages: query.cursor = nextCursor (one cursor continues every stage listed).
   * API key scopes: reports:read.
   */
  pipeline: PipelineView;
  /**
   * A placement test with its figures and each copy's result; another workspace's is not found.
   * API key scopes: reports:read.
   */
  placementTest: PlacementTest;
  /**
   * The workspace's placement tests, newest first, in cursor pages (items and nextCursor).
   * API key scopes: reports:read.
   */
  placementTests: PlacementTestPage;
  /**
   * The reply inbox, newest first; snoozed items are hidden until they come back (GET /replies). Cursor pages: query.cursor = nextCursor of the page before.
   * API key scopes: replies:read.
   */
  replies: ReplyPage;
  /**
   * One item of the reply inbox, snoozed or not (GET /replies/:id).
   * API key scopes: replies:read.
   */
  reply: Reply;
  /**
   * Unread items, unread replies and answered items (GET /replies/counts).
   * API key scopes: replies:read.
   */
  replyCounts: ReplyCounts;
  /**
   * GET /reports/analytics.
   * API key scopes: reports:read.
   */
  reportAnalytics: Analytics;
  /**
   * GET /reports/summary.
   * API key scopes: reports:read.
   */
  reportSummary: ReportSummary;
  /**
   * The workspace's saved replies by name.
   * API key scopes: replies:read.
   */
  savedReplies: Array<SavedReply>;
  /**
   * Three built-in example replies; nothing is saved.
   * API key scopes: replies:read.
   */
  savedReplyExamples: Array<SavedReplyExample>;
  /**
   * Leads whose address or company field contains q (at least 2 characters), newest first.
   * API key scopes: leads:read.
   */
  searchLeads: Array<LeadSearchHit>;
  /** API key scopes: campaigns:read. */
  sequenceTemplates: Array<SequenceTemplate>;
  /** API key scopes: all. */
  settings: Settings;
  /**
   * A campaign's subsequences, oldest first.
   * API key scopes: campaigns:read.
   */
  subsequences: Array<Campaign>;
  /**
   * Open tasks whose lead still fits its step, due first at the top.
   * API key scopes: campaigns:read.
   */
  tasks: Array<Task>;
  /**
   * An endpoint's deliveries, newest first (GET /webhooks/:id/deliveries). Cursor pages: query.cursor = nextCursor of the page before.
   * API key scopes: webhooks:read.
   */
  webhookDeliveries: WebhookDeliveryPage;
  /**
   * Every event kind with a one-line description of its data (GET /webhooks/events).
   * API key scopes: webhooks:read.
   */
  webhookEventKinds: Array<WebhookEventKind>;
  /**
   * Webhook endpoints, oldest first (GET /webhooks); secrets are never shown here.
   * API key scopes: webhooks:read.
   */
  webhooks: Array<Webhook>;
};


export type QueryAuditLogArgs = {
  cursor?: InputMaybe<Scalars['String']['input']>;
  limit?: InputMaybe<Scalars['Int']['input']>;
};


export type QueryBestTimeReportArgs = {
  days?: InputMaybe<Scalars['Int']['input']>;
};


export type QueryBlockCellsArgs = {
  campaignId: Scalars['ID']['input'];
  leadIds: Array<Scalars['ID']['input']>;
};


export type QueryBlocklistArgs = {
  query?: InputMaybe<BlocklistQueryInput>;
};


export type QueryBlocksArgs = {
  campaignId: Scalars['ID']['input'];
};


export type QueryCampaignArgs = {
  id: Scalars['ID']['input'];
};


export type QueryCampaignActivityArgs = {
  id: Scalars['ID']['input'];
  page?: InputMaybe<ActivityPageInput>;
};


export type QueryCampaignBouncesArgs = {
  id: Scalars['ID']['input'];
  page?: InputMaybe<ActivityPageInput>;
};


export type QueryCampaignCopyCheckArgs = {
  id: Scalars['ID']['input'];
};


export type QueryCampaignDiagnosisArgs = {
  id: Scalars['ID']['input'];
};


export type QueryCampaignMergeCheckArgs = {
  id: Scalars['ID']['input'];
};


export type QueryCampaignSendingStatusArgs = {
  id: Scalars['ID']['input'];
};


export type QueryCampaignSendingStatusesArgs = {
  campaignIds: Array<Scalars['ID']['input']>;
};


export type QueryCampaignStatsArgs = {
  id: Scalars['ID']['input'];
};


export type QueryCampaignVerificationArgs = {
  id: Scalars['ID']['input'];
};


export type QueryDmarcReportArgs = {
  days?: InputMaybe<Scalars['Int']['input']>;
};


export type QueryDomainHealthArgs = {
  selector?: InputMaybe<Scalars['String']['input']>;
};


export type QueryDomainsReportArgs = {
  days?: InputMaybe<Scalars['Int']['input']>;
};


export type QueryJobArgs = {
  id: Scalars['ID']['input'];
};


export type QueryJobsArgs = {
  cursor?: InputMaybe<Scalars['String']['input']>;
  limit?: InputMaybe<Scalars['Int']['input']>;
};


export type QueryLeadArgs = {
  id: Scalars['ID']['input'];
};


export type QueryLeadActivityArgs = {
  id: Scalars['ID']['input'];
};


export type QueryLeadFieldsArgs = {
  campaignId: Scalars['ID']['input'];
};


export type QueryLeadsArgs = {
  campaignId?: InputMaybe<Scalars['ID']['input']>;
  query?: InputMaybe<LeadQueryInput>;
};


export type QueryMailboxArgs = {
  id: Scalars['ID']['input'];
};


export type QueryPipelineArgs = {
  query?: InputMaybe<PipelineQueryInput>;
};


export type QueryPlacementTestArgs = {
  id: Scalars['ID']['input'];
};


export type QueryPlacementTestsArgs = {
  cursor?: InputMaybe<Scalars['String']['input']>;
  limit?: InputMaybe<Scalars['Int']['input']>;
};


export type QueryRepliesArgs = {
  query?: InputMaybe<ReplyQueryInput>;
};


export type QueryReplyArgs = {
  id: Scalars['ID']['input'];
};


export type QueryReportAnalyticsArgs = {
  input?: InputMaybe<AnalyticsInput>;
};


export type QuerySearchLeadsArgs = {
  limit?: InputMaybe<Scalars['Int']['input']>;
  q: Scalars['String']['input'];
};


export type QuerySubsequencesArgs = {
  campaignId: Scalars['ID']['input'];
};


export type QueryWebhookDeliveriesArgs = {
  id: Scalars['ID']['input'];
  query?: InputMaybe<DeliveryQueryInput>;
};

/** A one-off email: queued until it goes, or dropped. */
export type QueuedOneOff = {
  __typename?: 'QueuedOneOff';
  id: Scalars['ID']['output'];
  /** The earliest time the window and the inbox caps allow. */
  scheduledFor: Scalars['DateTimeISO']['output'];
  /** queued, sending, sent, failed, bounced or dropped */
  status: Scalars['String']['output'];
};

export type RenderSavedReplyInput = {
  /** With mailbox_id: a lead of this workspace. */
  leadId?: InputMaybe<Scalars['ID']['input']>;
  /** With lead_id: the inbox whose sender fields are used. */
  mailboxId?: InputMaybe<Scalars['ID']['input']>;
  /** A reply inbox item: its lead and the inbox that received it. */
  replyId?: InputMaybe<Scalars['ID']['input']>;
};

export type RenderedSavedReply = {
  __typename?: 'RenderedSavedReply';
  /** The body with merge fields filled, without the inbox signature (added when it is sent). */
  body: Scalars['String']['output'];
  /** The subject with merge fields filled; for a reply with no saved subject, Re: and the reply's subject; null when there is neither. */
  subject: Maybe<Scalars['String']['output']>;
};

/** A reply inbox item: a reply, bounce or auto-reply matched to our mail. */
export type Reply = {
  __typename?: 'Reply';
  assignedUserId: Maybe<Scalars['ID']['output']>;
  /** Confidence of the suggestion, 0 to 1. */
  assistedConfidence: Maybe<Scalars['Float']['output']>;
  /** Suggested interest label; never applied by itself. */
  assistedInterest: Maybe<Scalars['String']['output']>;
  /** The whole text part. */
  bodyText: Scalars['String']['output'];
  campaignId: Maybe<Scalars['ID']['output']>;
  /** What the rule saw: the header, subject or text that decided it (up to 500 characters). */
  evidence: Scalars['String']['output'];
  fromEmail: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  isRead: Scalars['Boolean']['output'];
  /** reply, bounce or auto_reply */
  kind: Scalars['String']['output'];
  /** A return date read from an out-of-office text. */
  leadAwayUntil: Maybe<Scalars['DateTimeISO']['output']>;
  leadId: Maybe<Scalars['ID']['output']>;
  /** The inbox that received it (and that an answer goes out from). */
  mailboxId: Scalars['ID']['output'];
  receivedAt: Scalars['DateTimeISO']['output'];
  /** When it was answered with POST /replies/:id/reply. */
  repliedAt: Maybe<Scalars['DateTimeISO']['output']>;
  /** Its Reply-To address; an answer goes there, else to from_email. */
  replyTo: Maybe<Scalars['String']['output']>;
  /** The classifier rule that decided its kind (for example auto_submitted, dsn, reply), first match wins (decisions.md §6). */
  rule: Scalars['String']['output'];
  /** The first 200 characters of the new text. */
  snippet: Scalars['String']['output'];
  /** Hidden from the list until then. */
  snoozedUntil: Maybe<Scalars['DateTimeISO']['output']>;
  /** An interest label, or lead until labelled. */
  status: Scalars['String']['output'];
  subject: Scalars['String']['output'];
  /** It matched no send or lead but answers this inbox's mail; POST /replies/:id/link ties it to its lead (decisions.md §11). */
  untracked: Scalars['Boolean']['output'];
};

export type ReplyAnswerInput = {
  /** The answer; merge fields are filled as in a one-off email, the inbox signature follows. */
  body: Scalars['String']['input'];
};

export type ReplyAnswerSent = {
  __typename?: 'ReplyAnswerSent';
  sent: Scalars['Boolean']['output'];
};

export type ReplyAssignment = {
  __typename?: 'ReplyAssignment';
  assignedUserId: Maybe<Scalars['ID']['output']>;
};

export type ReplyCounts = {
  __typename?: 'ReplyCounts';
  /** Items answered with POST /replies/:id/reply. */
  answered: Scalars['Int']['output'];
  /** Unread items (snoozed ones while hidden not counted). */
  unread: Scalars['Int']['output'];
  /** Unread items of kind reply. */
  unreadReplies: Scalars['Int']['output'];
  /** Untracked replies not linked to a lead yet (snoozed ones while hidden not counted). */
  untracked: Scalars['Int']['output'];
};

export type ReplyPage = {
  __typename?: 'ReplyPage';
  items: Array<Reply>;
  /** The cursor of the page after this one (pass it as cursor with the same filters); null when no more rows follow. Pages are keyset pages in the list's own order: rows added meanwhile ahead of the cursor appear, none repeats. */
  nextCursor: Maybe<Scalars['String']['output']>;
  /** Items matching the filter, regardless of limit and offset. */
  total: Scalars['Int']['output'];
};

export type ReplyQueryInput = {
  campaignId?: InputMaybe<Scalars['ID']['input']>;
  /** Continues the list after the page that gave it (nextCursor; over REST the URL of the Link rel="next" header carries it). Made for this list and these filters only: another list's, other filters' or an altered cursor is 400 invalid_cursor. Not together with offset (400 validation_failed). */
  cursor?: InputMaybe<Scalars['String']['input']>;
  /** reply, bounce, auto_reply */
  kind?: InputMaybe<Scalars['String']['input']>;
  /** Page size, 50 by default, 1 to 100. */
  limit?: InputMaybe<Scalars['Int']['input']>;
  /** The inbox that received the items. */
  mailboxId?: InputMaybe<Scalars['ID']['input']>;
  /** Rows skipped; not together with cursor. */
  offset?: InputMaybe<Scalars['Int']['input']>;
  /** Part of the sender's address, the subject or the text, any case; % _ \ match themselves. */
  q?: InputMaybe<Scalars['String']['input']>;
  /** lead (not labelled yet) or an interest label (interested, meeting_booked, meeting_completed, won, lost, not_interested, out_of_office, wrong_person). */
  status?: InputMaybe<Scalars['String']['input']>;
  /** true: only unread items (false or left out: read and unread). */
  unread?: InputMaybe<Scalars['Boolean']['input']>;
  /** true: only untracked replies (matched no send or lead, not linked yet: decisions.md §11); false: only the others. */
  untracked?: InputMaybe<Scalars['Boolean']['input']>;
};

export type ReplySnooze = {
  __typename?: 'ReplySnooze';
  snoozedUntil: Maybe<Scalars['DateTimeISO']['output']>;
};

export type ReplyUnsubscribed = {
  __typename?: 'ReplyUnsubscribed';
  unsubscribed: Scalars['Boolean']['output'];
};

export type ReplyUpdated = {
  __typename?: 'ReplyUpdated';
  updated: Scalars['Boolean']['output'];
};

export type ReportSummary = {
  __typename?: 'ReportSummary';
  activeCampaigns: Scalars['Int']['output'];
  bounced: Scalars['Int']['output'];
  campaigns: Scalars['Int']['output'];
  /** Connected inboxes. */
  mailboxes: Scalars['Int']['output'];
  /** Percent of the emails of open-tracking campaigns; null when none tracks opens. */
  openRate: Maybe<Scalars['Float']['output']>;
  opened: Scalars['Int']['output'];
  replied: Scalars['Int']['output'];
  /** Replies per email sent, in percent. */
  replyRate: Scalars['Float']['output'];
  /** Sequence emails sent (bounced ones included). */
  sent: Scalars['Int']['output'];
};

/** Without lead_ids and all: every lead of the campaign without a value yet. */
export type RunBlockInput = {
  /** Redo leads that have a value too (never an edited one). */
  all?: InputMaybe<Scalars['Boolean']['input']>;
  /** Only these leads of the campaign. */
  leadIds?: InputMaybe<Array<Scalars['ID']['input']>>;
};

export type SavedLeadFilterFields = {
  __typename?: 'SavedLeadFilterFields';
  interest: Maybe<Scalars['String']['output']>;
  listId: Maybe<Scalars['ID']['output']>;
  provider: Maybe<Scalars['String']['output']>;
  q: Maybe<Scalars['String']['output']>;
  status: Maybe<Scalars['String']['output']>;
  verification: Maybe<Scalars['String']['output']>;
};

export type SavedReply = {
  __typename?: 'SavedReply';
  body: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  name: Scalars['String']['output'];
  subject: Maybe<Scalars['String']['output']>;
};

export type SavedReplyExample = {
  __typename?: 'SavedReplyExample';
  body: Scalars['String']['output'];
  name: Scalars['String']['output'];
};

export type SendWindow = {
  __typename?: 'SendWindow';
  /** 0 is Sunday */
  days: Array<Scalars['Int']['output']>;
  end: Scalars['String']['output'];
  start: Scalars['String']['output'];
};

/** One sending window: week days (0 is Sunday) and hours in the campaign timezone. */
export type SendWindowInput = {
  days: Array<Scalars['Int']['input']>;
  /** After start on the same day; 24:00 is midnight. */
  end: Scalars['String']['input'];
  start: Scalars['String']['input'];
};

export type SendingDomain = {
  __typename?: 'SendingDomain';
  /** The domain of the inboxes' addresses. */
  domain: Scalars['String']['output'];
  /** The domain daily cap: the smallest set on any of its inboxes; null when none is set. */
  domainCap: Maybe<Scalars['Int']['output']>;
  /** Connected inboxes on the domain now. */
  inboxes: Scalars['Int']['output'];
  /** One point per day of `days`, oldest first. */
  points: Array<DomainDayPoint>;
};

/** A reason (stops every send) or a note (holds back some leads or inboxes), decisions.md §5 codes. */
export type SendingMessage = {
  __typename?: 'SendingMessage';
  code: Scalars['String']['output'];
  /** Figures behind the reason, when it has them (bounce_protect: {bounced, sent}). */
  details: Maybe<Scalars['JSONObject']['output']>;
  text: Scalars['String']['output'];
};

export type SendingStatus = {
  __typename?: 'SendingStatus';
  campaignId: Scalars['ID']['output'];
  dailyLimit: Scalars['Int']['output'];
  dueNow: Scalars['Int']['output'];
  dueToday: DueToday;
  newLeadsLimit: Maybe<Scalars['Int']['output']>;
  newToday: Scalars['Int']['output'];
  nextDueAt: Maybe<Scalars['DateTimeISO']['output']>;
  notes: Array<SendingMessage>;
  /** In the order the sender meets them; empty while sending. */
  reasons: Array<SendingMessage>;
  sending: Scalars['Boolean']['output'];
  sentToday: Scalars['Int']['output'];
};

export type SequenceTemplate = {
  __typename?: 'SequenceTemplate';
  createdAt: Scalars['DateTimeISO']['output'];
  id: Scalars['ID']['output'];
  name: Scalars['String']['output'];
  /** How many steps the template holds. */
  steps: Scalars['Int']['output'];
};

export type Settings = {
  __typename?: 'Settings';
  user: Maybe<User>;
  verificationKeySet: Scalars['Boolean']['output'];
  workspace: Workspace;
};

export type SignupInput = {
  email: Scalars['String']['input'];
  password: Scalars['String']['input'];
  timezone?: InputMaybe<Scalars['String']['input']>;
  workspaceName: Scalars['String']['input'];
};

export type SmtpAttemptCounts = {
  __typename?: 'SmtpAttemptCounts';
  /** Attempts the receiving server accepted (2xx). */
  accepted: Scalars['Int']['output'];
  /** Attempts by outcome, code and enhanced code, most first. */
  byCode: Array<SmtpCodeCount>;
  /** Attempts put off for a later try: 4xx, or no answer (connection, login). */
  deferred: Scalars['Int']['output'];
  /** Attempts refused for good (5xx): hard bounces at send time. */
  rejected: Scalars['Int']['output'];
};

export type SmtpCodeCount = {
  __typename?: 'SmtpCodeCount';
  /** SMTP reply code; null when no server answered (connection refused, timeout). */
  code: Maybe<Scalars['Int']['output']>;
  count: Scalars['Int']['output'];
  /** RFC 3463 enhanced status code found in a refusal's text (5.1.1); null for accepted attempts or when none was given. */
  enhancedCode: Maybe<Scalars['String']['output']>;
  /** accepted, deferred or rejected. */
  outcome: Scalars['String']['output'];
};

export type SnoozeReplyInput = {
  /** An ISO 8601 timestamp with its offset (2026-12-01T09:00:00Z), or null. */
  until?: InputMaybe<Scalars['String']['input']>;
};

/** Content: campaignId (with step and variant: step 1 and its first enabled variant unless given), or subject and body; exactly one of the two. Senders: every active sending inbox unless mailboxIds; seeds: every seed unless seedIds. */
export type StartPlacementTestInput = {
  body?: InputMaybe<Scalars['String']['input']>;
  campaignId?: InputMaybe<Scalars['ID']['input']>;
  /** The inboxes that send, at most 50; every active sending inbox unless given. */
  mailboxIds?: InputMaybe<Array<Scalars['ID']['input']>>;
  /** The seeds, at most 25; every seed unless given. */
  seedIds?: InputMaybe<Array<Scalars['ID']['input']>>;
  step?: InputMaybe<Scalars['Int']['input']>;
  subject?: InputMaybe<Scalars['String']['input']>;
  variant?: InputMaybe<Scalars['Int']['input']>;
  /** How long the seeds are read, 5 to 240 minutes; 30 unless given. */
  waitMinutes?: InputMaybe<Scalars['Int']['input']>;
};

export type StatusResult = {
  __typename?: 'StatusResult';
  status: Scalars['String']['output'];
};

export type Step = {
  __typename?: 'Step';
  campaignId: Scalars['ID']['output'];
  /** null behaves as no_reply */
  condition: Maybe<Scalars['String']['output']>;
  id: Scalars['ID']['output'];
  position: Scalars['Int']['output'];
  task: Maybe<StepTask>;
  variants: Array<Variant>;
  waitMinutes: Scalars['Int']['output'];
};

export type StepCount = {
  __typename?: 'StepCount';
  steps: Scalars['Int']['output'];
};

export type StepInput = {
  /** no_reply (null behaves the same), interested, not_interested or clicked */
  condition?: InputMaybe<Scalars['String']['input']>;
  /** The existing step this is; required for existing steps once the campaign has started. */
  id?: InputMaybe<Scalars['ID']['input']>;
  position: Scalars['Int']['input'];
  /** Set for a manual task step. */
  task?: InputMaybe<TaskInput>;
  /** Email variants; [] (or left out) for a task step. */
  variants?: InputMaybe<Array<VariantInput>>;
  /** Minutes after the step before; 0 when left out. */
  waitMinutes?: InputMaybe<Scalars['Int']['input']>;
};

export type StepTask = {
  __typename?: 'StepTask';
  /** linkedin_connect, linkedin_message, call or manual */
  kind: Scalars['String']['output'];
  text: Scalars['String']['output'];
};

export type StepVariantState = {
  __typename?: 'StepVariantState';
  enabled: Scalars['Boolean']['output'];
  step: Scalars['Int']['output'];
  variant: Scalars['Int']['output'];
};

export type SubsequenceTrigger = {
  __typename?: 'SubsequenceTrigger';
  /** true: the lead finished the parent's sequence without replying. */
  completed: Maybe<Scalars['Boolean']['output']>;
  /** Interest labels: the lead's interest becomes one of them. */
  interest: Maybe<Array<Scalars['String']['output']>>;
  /** Words: a reply from the lead whose new text contains one (any case). */
  replyContains: Maybe<Array<Scalars['String']['output']>>;
};

/** Exactly one of the three. */
export type SubsequenceTriggerInput = {
  /** true: the lead finished the parent's sequence without replying. */
  completed?: InputMaybe<Scalars['Boolean']['input']>;
  /** The lead's interest becomes one of these labels (interested, meeting_booked, meeting_completed, won, lost, not_interested, out_of_office, wrong_person). */
  interest?: InputMaybe<Array<Scalars['String']['input']>>;
  /** A reply from the lead whose new text (quoted history left out) contains one of these, any case; up to 20, each at most 100 characters. */
  replyContains?: InputMaybe<Array<Scalars['String']['input']>>;
};

export type Task = {
  __typename?: 'Task';
  campaign: TaskCampaign;
  dueAt: Scalars['DateTimeISO']['output'];
  id: Scalars['ID']['output'];
  /** linkedin_connect, linkedin_message, call or manual */
  kind: Scalars['String']['output'];
  lead: TaskLead;
  stepPosition: Scalars['Int']['output'];
  /** The step text with the lead fields filled in. */
  text: Scalars['String']['output'];
};

export type TaskCampaign = {
  __typename?: 'TaskCampaign';
  id: Scalars['ID']['output'];
  name: Scalars['String']['output'];
};

export type TaskClosed = {
  __typename?: 'TaskClosed';
  /** done or skipped */
  status: Scalars['String']['output'];
};

export type TaskInput = {
  /** linkedin_connect, linkedin_message, call or manual */
  kind: Scalars['String']['input'];
  /** What to do; takes merge fields. */
  text: Scalars['String']['input'];
};

export type TaskLead = {
  __typename?: 'TaskLead';
  email: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  /** From a lead field such as linkedin or linkedin_url. */
  linkedin: Maybe<Scalars['String']['output']>;
  /** From a lead field such as phone or mobile. */
  phone: Maybe<Scalars['String']['output']>;
  vars: Scalars['JSONObject']['output'];
};

export type UpdateBlockCellInput = {
  /** Cleaned as lead fields are (one line, no braces, pipes or angle brackets). */
  value: Scalars['String']['input'];
};

export type UpdateBlockInput = {
  maxChars?: InputMaybe<Scalars['Int']['input']>;
  template?: InputMaybe<Scalars['String']['input']>;
};

export type UpdateCampaignInput = {
  abOptimizeAfter?: InputMaybe<Scalars['Int']['input']>;
  /** reply, positive, open, click or null */
  abWinnerMetric?: InputMaybe<Scalars['String']['input']>;
  bcc?: InputMaybe<Scalars['String']['input']>;
  /** Bounce protection (default true): the campaign pauses itself at 5% hard bounces of its last 100 emails, from 40. */
  bounceProtect?: InputMaybe<Scalars['Boolean']['input']>;
  cc?: InputMaybe<Scalars['String']['input']>;
  clickTracking?: InputMaybe<Scalars['Boolean']['input']>;
  companyReplyStop?: InputMaybe<Scalars['Boolean']['input']>;
  dailyLimit?: InputMaybe<Scalars['Int']['input']>;
  days?: InputMaybe<Array<Scalars['Int']['input']>>;
  dealValue?: InputMaybe<Scalars['Int']['input']>;
  endDate?: InputMaybe<Scalars['String']['input']>;
  leadTimezone?: InputMaybe<Scalars['Boolean']['input']>;
  /** Replaces the inboxes the campaign sends from. */
  mailboxIds?: InputMaybe<Array<Scalars['ID']['input']>>;
  /** Sender pool (up to 20 tags, each as inbox tags are written): the campaign also sends from every inbox carrying one of them. Replaces every tag. */
  mailboxTags?: InputMaybe<Array<Scalars['String']['input']>>;
  maxNewLeadsPerDay?: InputMaybe<Scalars['Int']['input']>;
  name?: InputMaybe<Scalars['String']['input']>;
  openTracking?: InputMaybe<Scalars['Boolean']['input']>;
  prioritizeNew?: InputMaybe<Scalars['Boolean']['input']>;
  providerMatching?: InputMaybe<Scalars['Boolean']['input']>;
  skipRisky?: InputMaybe<Scalars['Boolean']['input']>;
  startDate?: InputMaybe<Scalars['String']['input']>;
  stopOnAutoReply?: InputMaybe<Scalars['Boolean']['input']>;
  stopOnReply?: InputMaybe<Scalars['Boolean']['input']>;
  tags?: InputMaybe<Array<Scalars['String']['input']>>;
  textOnly?: InputMaybe<Scalars['Boolean']['input']>;
  timezone?: InputMaybe<Scalars['String']['input']>;
  unsubHeader?: InputMaybe<Scalars['Boolean']['input']>;
  /** After window_start on the same day; 24:00 is midnight. */
  windowEnd?: InputMaybe<Scalars['String']['input']>;
  windowStart?: InputMaybe<Scalars['String']['input']>;
  /** Up to four; null goes back to days and window hours. */
  windows?: InputMaybe<Array<SendWindowInput>>;
};

export type UpdateLeadInput = {
  /** null falls back to the campaign's deal value. */
  dealValue?: InputMaybe<Scalars['Int']['input']>;
  /** An interest label (interested, meeting_booked, meeting_completed, won, lost, not_interested, out_of_office, wrong_person) or null. */
  interest?: InputMaybe<Scalars['String']['input']>;
  /** Up to 2000 characters; blank or null clears it. */
  note?: InputMaybe<Scalars['String']['input']>;
  /** paused (a lead still in sequence) or active (a paused lead). */
  status?: InputMaybe<Scalars['String']['input']>;
  timezone?: InputMaybe<Scalars['String']['input']>;
  /** Fields to set by name; a blank or null value removes the field. */
  vars?: InputMaybe<Scalars['JSONObject']['input']>;
};

export type UpdateMailboxInput = {
  dailyCap?: InputMaybe<Scalars['Int']['input']>;
  /** null removes the domain cap. */
  domainDailyCap?: InputMaybe<Scalars['Int']['input']>;
  fromName?: InputMaybe<Scalars['String']['input']>;
  gapJitterMinutes?: InputMaybe<Scalars['Int']['input']>;
  imapHost?: InputMaybe<Scalars['String']['input']>;
  imapPort?: InputMaybe<Scalars['Int']['input']>;
  minGapMinutes?: InputMaybe<Scalars['Int']['input']>;
  /** Required when smtpHost, smtpPort, imapHost, imapPort or username changes. */
  password?: InputMaybe<Scalars['String']['input']>;
  rampIncrement?: InputMaybe<Scalars['Int']['input']>;
  rampStart?: InputMaybe<Scalars['Int']['input']>;
  /** YYYY-MM-DD (workspace timezone) the ramp counts days from; today restarts it. */
  rampStartedAt?: InputMaybe<Scalars['String']['input']>;
  /** null removes the signature. */
  signature?: InputMaybe<Scalars['String']['input']>;
  smtpHost?: InputMaybe<Scalars['String']['input']>;
  smtpPort?: InputMaybe<Scalars['Int']['input']>;
  smtpSecure?: InputMaybe<Scalars['Boolean']['input']>;
  /** Replaces every tag. */
  tags?: InputMaybe<Array<Scalars['String']['input']>>;
  username?: InputMaybe<Scalars['String']['input']>;
};

export type UpdateReplyInput = {
  isRead?: InputMaybe<Scalars['Boolean']['input']>;
  /** An interest label, or lead to clear it; copied to the item's lead. */
  status?: InputMaybe<Scalars['String']['input']>;
};

export type UpdateSavedReplyInput = {
  body?: InputMaybe<Scalars['String']['input']>;
  name?: InputMaybe<Scalars['String']['input']>;
  /** null clears it. */
  subject?: InputMaybe<Scalars['String']['input']>;
};

export type UpdateWebhookInput = {
  description?: InputMaybe<Scalars['String']['input']>;
  /** true brings back an endpoint disabled by hand or after 5 days of failures. */
  enabled?: InputMaybe<Scalars['Boolean']['input']>;
  /** Empty or null: every kind. */
  events?: InputMaybe<Array<Scalars['String']['input']>>;
  url?: InputMaybe<Scalars['String']['input']>;
};

export type UpdateWorkspaceInput = {
  name?: InputMaybe<Scalars['String']['input']>;
  /** An inbox whose placement test gives it an inbox rate below this (1 to 100) pauses itself; null: never. */
  placementProtectBelow?: InputMaybe<Scalars['Int']['input']>;
  /** off, daily or weekly (Mondays): a placement test of every active sending inbox to every seed at 06:00 in the workspace zone. */
  placementSchedule?: InputMaybe<Scalars['String']['input']>;
  recentContactDays?: InputMaybe<Scalars['Int']['input']>;
  timezone?: InputMaybe<Scalars['String']['input']>;
};

export type User = {
  __typename?: 'User';
  email: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  name: Scalars['String']['output'];
  role: Scalars['String']['output'];
};

export type Variant = {
  __typename?: 'Variant';
  body: Scalars['String']['output'];
  enabled: Scalars['Boolean']['output'];
  subject: Scalars['String']['output'];
};

export type VariantInput = {
  body: Scalars['String']['input'];
  /** Left out: keeps the current setting of this variant, else true. */
  enabled?: InputMaybe<Scalars['Boolean']['input']>;
  /** Empty on a follow-up: the email replies in the same thread. */
  subject: Scalars['String']['input'];
};

export type VerificationKeyInput = {
  key: Scalars['String']['input'];
};

export type VerificationKeyStatus = {
  __typename?: 'VerificationKeyStatus';
  verificationKeySet: Scalars['Boolean']['output'];
};

/** An endpoint that receives signed events (decisions.md §8). Its secret is shown only at creation and rotation. */
export type Webhook = {
  __typename?: 'Webhook';
  createdAt: Scalars['DateTimeISO']['output'];
  description: Maybe<Scalars['String']['output']>;
  /** When it was disabled after 5 days of failed deliveries; null otherwise. */
  disabledAt: Maybe<Scalars['DateTimeISO']['output']>;
  enabled: Scalars['Boolean']['output'];
  /** The kinds it receives; empty: every kind. */
  events: Array<Scalars['String']['output']>;
  id: Scalars['ID']['output'];
  url: Scalars['String']['output'];
};

/** One event for one endpoint and its attempts so far. */
export type WebhookDelivery = {
  __typename?: 'WebhookDelivery';
  attempts: Scalars['Int']['output'];
  createdAt: Scalars['DateTimeISO']['output'];
  deliveredAt: Maybe<Scalars['DateTimeISO']['output']>;
  /** Why the last attempt failed. */
  error: Maybe<Scalars['String']['output']>;
  /** The event kind. */
  event: Scalars['String']['output'];
  /** Sent as webhook-id, the same on every attempt. */
  eventId: Scalars['ID']['output'];
  id: Scalars['ID']['output'];
  /** When it is tried next; null once delivered or failed. */
  nextAttemptAt: Maybe<Scalars['DateTimeISO']['output']>;
  /** The last attempt's HTTP status; null when no answer came. */
  responseStatus: Maybe<Scalars['Int']['output']>;
  /** pending, delivered or failed */
  status: Scalars['String']['output'];
};

export type WebhookDeliveryPage = {
  __typename?: 'WebhookDeliveryPage';
  items: Array<WebhookDelivery>;
  /** The cursor of the page after this one (pass it as cursor with the same filters); null when no more rows follow. Pages are keyset pages in the list's own order: rows added meanwhile ahead of the cursor appear, none repeats. */
  nextCursor: Maybe<Scalars['String']['output']>;
  /** Deliveries of the endpoint, regardless of limit and offset. */
  total: Scalars['Int']['output'];
};

export type WebhookEventKind = {
  __typename?: 'WebhookEventKind';
  description: Scalars['String']['output'];
  kind: Scalars['String']['output'];
};

/** An endpoint with its signing secret: the answer of creation and of rotation only. */
export type WebhookWithSecret = {
  __typename?: 'WebhookWithSecret';
  createdAt: Scalars['DateTimeISO']['output'];
  description: Maybe<Scalars['String']['output']>;
  /** When it was disabled after 5 days of failed deliveries; null otherwise. */
  disabledAt: Maybe<Scalars['DateTimeISO']['output']>;
  enabled: Scalars['Boolean']['output'];
  /** The kinds it receives; empty: every kind. */
  events: Array<Scalars['String']['output']>;
  id: Scalars['ID']['output'];
  /** whsec_ and the base64 of 32 random bytes; verify signatures with it (Standard Webhooks). Shown only here. */
  secret: Scalars['String']['output'];
  url: Scalars['String']['output'];
};

export type Workspace = {
  __typename?: 'Workspace';
  id: Scalars['ID']['output'];
  name: Scalars['String']['output'];
  /** An inbox whose placement test gives it a lower inbox rate pauses itself; null: never. */
  placementProtectBelow: Maybe<Scalars['Int']['output']>;
  /** off, daily or weekly: placement tests at 06:00 in the workspace zone (decisions.md §16). */
  placementSchedule: Scalars['String']['output'];
  recentContactDays: Scalars['Int']['output'];
  timezone: Scalars['String']['output'];
};

export type SignupMutationVariables = Exact<{
  input: SignupInput;
}>;


export type SignupMutation = { __typename?: 'Mutation', signup: { __typename?: 'AuthPayload', token: string, user: { __typename?: 'User', id: string, email: string, role: string }, workspace: { __typename?: 'Workspace', id: string, name: string, timezone: string, recentContactDays: number } } };

export type LoginMutationVariables = Exact<{
  input: LoginInput;
}>;


export type LoginMutation = { __typename?: 'Mutation', login: { __typename?: 'AuthPayload', token: string, user: { __typename?: 'User', id: string, email: string }, workspace: { __typename?: 'Workspace', id: string } } };

export type SettingsQueryVariables = Exact<{ [key: string]: never; }>;


export type SettingsQuery = { __typename?: 'Query', settings: { __typename?: 'Settings', verificationKeySet: boolean, workspace: { __typename?: 'Workspace', id: string, name: string, timezone: string, recentContactDays: number }, user: { __typename?: 'User', id: string, email: string, role: string } | null } };

export type UpdateWorkspaceMutationVariables = Exact<{
  input: UpdateWorkspaceInput;
}>;


export type UpdateWorkspaceMutation = { __typename?: 'Mutation', updateWorkspace: { __typename?: 'Workspace', id: string, name: string, timezone: string, recentContactDays: number } };

export type ApiKeysQueryVariables = Exact<{ [key: string]: never; }>;


export type ApiKeysQuery = { __typename?: 'Query', apiKeys: Array<{ __typename?: 'ApiKey', id: string, name: string, scopes: Array<string>, createdAt: string, lastUsedAt: string | null }> };

export type CreateApiKeyMutationVariables = Exact<{
  input: CreateApiKeyInput;
}>;


export type CreateApiKeyMutation = { __typename?: 'Mutation', createApiKey: { __typename?: 'CreatedApiKey', id: string, name: string, key: string, scopes: Array<string>, createdAt: string } };

export type DeleteApiKeyMutationVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type DeleteApiKeyMutation = { __typename?: 'Mutation', deleteApiKey: { __typename?: 'Deleted', deleted: boolean } };

export type SetVerificationKeyMutationVariables = Exact<{
  input: VerificationKeyInput;
}>;


export type SetVerificationKeyMutation = { __typename?: 'Mutation', setVerificationKey: { __typename?: 'VerificationKeyStatus', verificationKeySet: boolean } };

export type MembersQueryVariables = Exact<{ [key: string]: never; }>;


export type MembersQuery = { __typename?: 'Query', members: Array<{ __typename?: 'User', id: string, email: string, name: string, role: string }> };

export type CreateMemberMutationVariables = Exact<{
  input: CreateMemberInput;
}>;


export type CreateMemberMutation = { __typename?: 'Mutation', createMember: { __typename?: 'User', id: string, email: string, name: string, role: string } };

export type DeleteMemberMutationVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type DeleteMemberMutation = { __typename?: 'Mutation', deleteMember: { __typename?: 'Deleted', deleted: boolean } };

export type AuditLogQueryVariables = Exact<{
  limit?: InputMaybe<Scalars['Int']['input']>;
  cursor?: InputMaybe<Scalars['String']['input']>;
}>;


export type AuditLogQuery = { __typename?: 'Query', auditLog: { __typename?: 'AuditLogPage', nextCursor: string | null, items: Array<{ __typename?: 'AuditEntry', id: string, at: string, operation: string, targetId: string | null, ip: string | null, actor: { __typename?: 'AuditActor', kind: string, id: string, name: string } }> } };

export type TwoCampaignChangesMutationVariables = Exact<{
  name: Scalars['String']['input'];
  id: Scalars['ID']['input'];
  limit: Scalars['Int']['input'];
}>;


export type TwoCampaignChangesMutation = { __typename?: 'Mutation', made: { __typename?: 'Campaign', id: string }, changed: { __typename?: 'Campaign', id: string }, again: { __typename?: 'Campaign', id: string } };

export type JobQueryVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type JobQuery = { __typename?: 'Query', job: { __typename?: 'BackgroundJobView', id: string, kind: string, status: string, result: Record<string, unknown> | null, error: Record<string, unknown> | null, createdAt: string, finishedAt: string | null, progress: { __typename?: 'BackgroundJobProgress', done: number, total: number | null } } };

export type JobsQueryVariables = Exact<{
  limit?: InputMaybe<Scalars['Int']['input']>;
  cursor?: InputMaybe<Scalars['String']['input']>;
}>;


export type JobsQuery = { __typename?: 'Query', jobs: { __typename?: 'BackgroundJobPage', nextCursor: string | null, items: Array<{ __typename?: 'BackgroundJobView', id: string, kind: string, status: string, createdAt: string }> } };

export type BlocklistQueryVariables = Exact<{
  query?: InputMaybe<BlocklistQueryInput>;
}>;


export type BlocklistQuery = { __typename?: 'Query', blocklist: { __typename?: 'BlocklistPage', total: number, items: Array<{ __typename?: 'BlocklistEntry', workspaceId: string, email: string, reason: string, createdAt: string }> } };

export type AddToBlocklistMutationVariables = Exact<{
  input: AddToBlocklistInput;
}>;


export type AddToBlocklistMutation = { __typename?: 'Mutation', addToBlocklist: { __typename?: 'BlocklistAdded', added: number } };

export type ImportBlocklistMutationVariables = Exact<{
  csv: Scalars['String']['input'];
}>;


export type ImportBlocklistMutation = { __typename?: 'Mutation', importBlocklist: { __typename?: 'BlocklistImportCounts', added: number, already: number, invalid: number } };

export type DeleteBlocklistEntryMutationVariables = Exact<{
  email: Scalars['String']['input'];
}>;


export type DeleteBlocklistEntryMutation = { __typename?: 'Mutation', deleteBlocklistEntry: { __typename?: 'Deleted', deleted: boolean } };

export type CampaignBounceProtectionQueryVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type CampaignBounceProtectionQuery = { __typename?: 'Query', campaign: { __typename?: 'Campaign', id: string, status: string, bounceProtect: boolean, pausedReason: string | null } };

export type SetBounceProtectMutationVariables = Exact<{
  id: Scalars['ID']['input'];
  input: UpdateCampaignInput;
}>;


export type SetBounceProtectMutation = { __typename?: 'Mutation', updateCampaign: { __typename?: 'Campaign', id: string, status: string, bounceProtect: boolean, pausedReason: string | null } };

export type CampaignSendingReasonsQueryVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type CampaignSendingReasonsQuery = { __typename?: 'Query', campaignSendingStatus: { __typename?: 'SendingStatus', sending: boolean, reasons: Array<{ __typename?: 'SendingMessage', code: string, text: string, details: Record<string, unknown> | null }> } };

export type CampaignActivityQueryVariables = Exact<{
  id: Scalars['ID']['input'];
  page?: InputMaybe<ActivityPageInput>;
}>;


export type CampaignActivityQuery = { __typename?: 'Query', campaignActivity: { __typename?: 'CampaignActivity', more: boolean, rows: Array<{ __typename?: 'CampaignActivityRow', type: string, at: string, email: string, step: number | null, variant: number | null, mailbox: string | null, detail: string | null }> } };

export type CampaignBouncesQueryVariables = Exact<{
  id: Scalars['ID']['input'];
  page?: InputMaybe<ActivityPageInput>;
}>;


export type CampaignBouncesQuery = { __typename?: 'Query', campaignBounces: { __typename?: 'CampaignBounces', more: boolean, rows: Array<{ __typename?: 'CampaignBounce', at: string, email: string, mailbox: string | null, code: number | null, category: string, reason: string }> } };

export type PreviewCampaignMutationVariables = Exact<{
  id: Scalars['ID']['input'];
  input?: InputMaybe<PreviewInput>;
}>;


export type PreviewCampaignMutation = { __typename?: 'Mutation', previewCampaign: { __typename?: 'CampaignPreview', from: string | null, lead: { __typename?: 'PreviewLead', id: string, email: string } | null, steps: Array<{ __typename?: 'PreviewStep', subject: string, text: string, blanks: Array<{ __typename?: 'PreviewBlank', field: string, source: string }> }>, notes: Array<{ __typename?: 'PreviewNote', code: string, text: string }> } };

export type CampaignMergeCheckQueryVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type CampaignMergeCheckQuery = { __typename?: 'Query', campaignMergeCheck: Array<{ __typename?: 'MergeCheckField', field: string, source: string, blank: number, total: number, steps: Array<{ __typename?: 'MergeCheckStep', position: number, variant: number }> }> };

export type CampaignCopyCheckQueryVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type CampaignCopyCheckQuery = { __typename?: 'Query', campaignCopyCheck: Array<{ __typename?: 'CopyWarning', position: number, variant: number, code: string, message: string, terms: Array<string> }> };

export type CampaignDiagnosisQueryVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type CampaignDiagnosisQuery = { __typename?: 'Query', campaignDiagnosis: { __typename?: 'CampaignDiagnosis', problems: Array<{ __typename?: 'DiagnoseProblem', severity: string, code: string, text: string, fix: string }> } };

export type CampaignStatsQueryVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type CampaignStatsQuery = { __typename?: 'Query', campaignStats: { __typename?: 'CampaignStats', sent: number, oneOffSent: number, opened: number, clicked: number, replied: number, positive: number, bounced: number, autoReplies: number, unsubscribed: number, sequenceStarted: number, openTracking: boolean, clickTracking: boolean, opportunities: number, opportunitiesValue: number, conversions: number, conversionsValue: number, variants: Array<{ __typename?: 'CampaignVariantStats', step: number, variant: number, sent: number, replies: number, positive: number, replyRate: number }>, byDay: Array<{ __typename?: 'CampaignDayStats', day: string, sent: number, replies: number, bounces: number, pending: number | null, future: boolean }>, leads: { __typename?: 'CampaignLeadCounts', total: number, completed: number, inSequence: number, pending: number, replied: number, unsubscribed: number } } };

export type CampaignFieldsFragment = { __typename?: 'Campaign', id: string, workspaceId: string, name: string, status: string, timezone: string, days: Array<number>, windowStart: string, windowEnd: string, leadTimezone: boolean, dailyLimit: number, maxNewLeadsPerDay: number | null, prioritizeNew: boolean, skipRisky: boolean, dealValue: number | null, stopOnReply: boolean, stopOnAutoReply: boolean, openTracking: boolean, clickTracking: boolean, unsubHeader: boolean, textOnly: boolean, companyReplyStop: boolean, providerMatching: boolean, abWinnerMetric: string | null, abOptimizeAfter: number, cc: string | null, bcc: string | null, tags: Array<string>, mailboxTags: Array<string>, startDate: string | null, endDate: string | null, createdAt: string, bounceProtect: boolean, pausedReason: string | null, windows: Array<{ __typename?: 'SendWindow', days: Array<number>, start: string, end: string }> | null };

export type CampaignsQueryVariables = Exact<{ [key: string]: never; }>;


export type CampaignsQuery = { __typename?: 'Query', campaigns: Array<{ __typename?: 'Campaign', leadsPending: number, id: string, workspaceId: string, name: string, status: string, timezone: string, days: Array<number>, windowStart: string, windowEnd: string, leadTimezone: boolean, dailyLimit: number, maxNewLeadsPerDay: number | null, prioritizeNew: boolean, skipRisky: boolean, dealValue: number | null, stopOnReply: boolean, stopOnAutoReply: boolean, openTracking: boolean, clickTracking: boolean, unsubHeader: boolean, textOnly: boolean, companyReplyStop: boolean, providerMatching: boolean, abWinnerMetric: string | null, abOptimizeAfter: number, cc: string | null, bcc: string | null, tags: Array<string>, mailboxTags: Array<string>, startDate: string | null, endDate: string | null, createdAt: string, bounceProtect: boolean, pausedReason: string | null, windows: Array<{ __typename?: 'SendWindow', days: Array<number>, start: string, end: string }> | null }> };

export type CampaignQueryVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type CampaignQuery = { __typename?: 'Query', campaign: { __typename?: 'Campaign', mailboxIds: Array<string>, id: string, workspaceId: string, name: string, status: string, timezone: string, days: Array<number>, windowStart: string, windowEnd: string, leadTimezone: boolean, dailyLimit: number, maxNewLeadsPerDay: number | null, prioritizeNew: boolean, skipRisky: boolean, dealValue: number | null, stopOnReply: boolean, stopOnAutoReply: boolean, openTracking: boolean, clickTracking: boolean, unsubHeader: boolean, textOnly: boolean, companyReplyStop: boolean, providerMatching: boolean, abWinnerMetric: string | null, abOptimizeAfter: number, cc: string | null, bcc: string | null, tags: Array<string>, mailboxTags: Array<string>, startDate: string | null, endDate: string | null, createdAt: string, bounceProtect: boolean, pausedReason: string | null, steps: Array<{ __typename?: 'Step', id: string, campaignId: string, position: number, waitMinutes: number, condition: string | null, variants: Array<{ __typename?: 'Variant', subject: string, body: string, enabled: boolean }>, task: { __typename?: 'StepTask', kind: string, text: string } | null }>, windows: Array<{ __typename?: 'SendWindow', days: Array<number>, start: string, end: string }> | null } };

export type CreateCampaignMutationVariables = Exact<{
  input: CreateCampaignInput;
}>;


export type CreateCampaignMutation = { __typename?: 'Mutation', createCampaign: { __typename?: 'Campaign', id: string, workspaceId: string, name: string, status: string, timezone: string, days: Array<number>, windowStart: string, windowEnd: string, leadTimezone: boolean, dailyLimit: number, maxNewLeadsPerDay: number | null, prioritizeNew: boolean, skipRisky: boolean, dealValue: number | null, stopOnReply: boolean, stopOnAutoReply: boolean, openTracking: boolean, clickTracking: boolean, unsubHeader: boolean, textOnly: boolean, companyReplyStop: boolean, providerMatching: boolean, abWinnerMetric: string | null, abOptimizeAfter: number, cc: string | null, bcc: string | null, tags: Array<string>, mailboxTags: Array<string>, startDate: string | null, endDate: string | null, createdAt: string, bounceProtect: boolean, pausedReason: string | null, windows: Array<{ __typename?: 'SendWindow', days: Array<number>, start: string, end: string }> | null } };

export type UpdateCampaignMutationVariables = Exact<{
  id: Scalars['ID']['input'];
  input: UpdateCampaignInput;
}>;


export type UpdateCampaignMutation = { __typename?: 'Mutation', updateCampaign: { __typename?: 'Campaign', mailboxIds: Array<string>, id: string, workspaceId: string, name: string, status: string, timezone: string, days: Array<number>, windowStart: string, windowEnd: string, leadTimezone: boolean, dailyLimit: number, maxNewLeadsPerDay: number | null, prioritizeNew: boolean, skipRisky: boolean, dealValue: number | null, stopOnReply: boolean, stopOnAutoReply: boolean, openTracking: boolean, clickTracking: boolean, unsubHeader: boolean, textOnly: boolean, companyReplyStop: boolean, providerMatching: boolean, abWinnerMetric: string | null, abOptimizeAfter: number, cc: string | null, bcc: string | null, tags: Array<string>, mailboxTags: Array<string>, startDate: string | null, endDate: string | null, createdAt: string, bounceProtect: boolean, pausedReason: string | null, windows: Array<{ __typename?: 'SendWindow', days: Array<number>, start: string, end: string }> | null } };

export type DeleteCampaignMutationVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type DeleteCampaignMutation = { __typename?: 'Mutation', deleteCampaign: { __typename?: 'Deleted', deleted: boolean } };

export type ActivateCampaignMutationVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type ActivateCampaignMutation = { __typename?: 'Mutation', activateCampaign: { __typename?: 'ActivationResult', status: string, warnings: Array<{ __typename?: 'CampaignWarning', code: string, text: string }> } };

export type PauseCampaignMutationVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type PauseCampaignMutation = { __typename?: 'Mutation', pauseCampaign: { __typename?: 'StatusResult', status: string } };

export type DuplicateCampaignMutationVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type DuplicateCampaignMutation = { __typename?: 'Mutation', duplicateCampaign: { __typename?: 'Campaign', mailboxIds: Array<string>, id: string, workspaceId: string, name: string, status: string, timezone: string, days: Array<number>, windowStart: string, windowEnd: string, leadTimezone: boolean, dailyLimit: number, maxNewLeadsPerDay: number | null, prioritizeNew: boolean, skipRisky: boolean, dealValue: number | null, stopOnReply: boolean, stopOnAutoReply: boolean, openTracking: boolean, clickTracking: boolean, unsubHeader: boolean, textOnly: boolean, companyReplyStop: boolean, providerMatching: boolean, abWinnerMetric: string | null, abOptimizeAfter: number, cc: string | null, bcc: string | null, tags: Array<string>, mailboxTags: Array<string>, startDate: string | null, endDate: string | null, createdAt: string, bounceProtect: boolean, pausedReason: string | null, steps: Array<{ __typename?: 'Step', position: number, waitMinutes: number, condition: string | null, variants: Array<{ __typename?: 'Variant', subject: string, body: string, enabled: boolean }>, task: { __typename?: 'StepTask', kind: string, text: string } | null }>, windows: Array<{ __typename?: 'SendWindow', days: Array<number>, start: string, end: string }> | null } };

export type BlockFieldsFragment = { __typename?: 'Block', id: string, name: string, kind: string, template: string | null, maxChars: number, running: boolean, runTotal: number, runLeft: number, runNote: string | null, done: number, failed: number, flagged: number, edited: number, createdAt: string };

export type BlocksQueryVariables = Exact<{
  campaignId: Scalars['ID']['input'];
}>;


export type BlocksQuery = { __typename?: 'Query', blocks: Array<{ __typename?: 'Block', id: string, name: string, kind: string, template: string | null, maxChars: number, running: boolean, runTotal: number, runLeft: number, runNote: string | null, done: number, failed: number, flagged: number, edited: number, createdAt: string }> };

export type BlockCellsQueryVariables = Exact<{
  campaignId: Scalars['ID']['input'];
  leadIds: Array<Scalars['ID']['input']> | Scalars['ID']['input'];
}>;


export type BlockCellsQuery = { __typename?: 'Query', blockCells: Array<{ __typename?: 'BlockCell', blockId: string, leadId: string, status: string | null, note: string | null, review: string | null, queued: boolean }> };

export type CreateBlockMutationVariables = Exact<{
  campaignId: Scalars['ID']['input'];
  input: CreateBlockInput;
}>;


export type CreateBlockMutation = { __typename?: 'Mutation', createBlock: { __typename?: 'Block', id: string, name: string, kind: string, template: string | null, maxChars: number, running: boolean, runTotal: number, runLeft: number, runNote: string | null, done: number, failed: number, flagged: number, edited: number, createdAt: string } };

export type PreviewBlockMutationVariables = Exact<{
  campaignId: Scalars['ID']['input'];
  input: CreateBlockInput;
}>;


export type PreviewBlockMutation = { __typename?: 'Mutation', previewBlock: { __typename?: 'BlockPreview', rows: Array<{ __typename?: 'BlockPreviewRow', leadId: string, email: string, status: string, value: string | null, note: string | null, review: string | null, input: string | null }> } };

export type UpdateBlockMutationVariables = Exact<{
  id: Scalars['ID']['input'];
  input: UpdateBlockInput;
}>;


export type UpdateBlockMutation = { __typename?: 'Mutation', updateBlock: { __typename?: 'Block', id: string, name: string, kind: string, template: string | null, maxChars: number, running: boolean, runTotal: number, runLeft: number, runNote: string | null, done: number, failed: number, flagged: number, edited: number, createdAt: string } };

export type RunBlockMutationVariables = Exact<{
  id: Scalars['ID']['input'];
  input?: InputMaybe<RunBlockInput>;
}>;


export type RunBlockMutation = { __typename?: 'Mutation', runBlock: { __typename?: 'BlockRun', running: boolean, runTotal: number } };

export type DeleteBlockMutationVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type DeleteBlockMutation = { __typename?: 'Mutation', deleteBlock: { __typename?: 'Deleted', deleted: boolean } };

export type UpdateBlockCellMutationVariables = Exact<{
  id: Scalars['ID']['input'];
  leadId: Scalars['ID']['input'];
  input: UpdateBlockCellInput;
}>;


export type UpdateBlockCellMutation = { __typename?: 'Mutation', updateBlockCell: { __typename?: 'BlockCell', blockId: string, leadId: string, status: string | null, note: string | null, review: string | null, queued: boolean } };

export type DmarcReportQueryVariables = Exact<{
  days?: InputMaybe<Scalars['Int']['input']>;
}>;


export type DmarcReportQuery = { __typename?: 'Query', dmarcReport: { __typename?: 'DmarcReport', reportAddress: string | null, windowDays: number, summary: { __typename?: 'DmarcSummary', reports: number, messages: number, passed: number, dkimPassed: number, spfPassed: number, quarantined: number, rejected: number, sources: Array<{ __typename?: 'DmarcSource', ip: string, count: number }> }, latest: { __typename?: 'DmarcLatestReport', org: string, reportId: string, begin: string, end: string, messages: number } | null } };

export type SetDmarcReportAddressMutationVariables = Exact<{
  input: DmarcReportAddressInput;
}>;


export type SetDmarcReportAddressMutation = { __typename?: 'Mutation', setDmarcReportAddress: { __typename?: 'DmarcReportAddress', reportAddress: string | null } };

export type TestMailboxMutationVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type TestMailboxMutation = { __typename?: 'Mutation', testMailbox: { __typename?: 'MailboxTestResult', status: string, smtp: { __typename?: 'ConnectionCheck', ok: boolean, detail: string }, imap: { __typename?: 'ConnectionCheck', ok: boolean, detail: string } } };

export type DomainHealthQueryVariables = Exact<{
  selector?: InputMaybe<Scalars['String']['input']>;
}>;


export type DomainHealthQuery = { __typename?: 'Query', domainHealth: { __typename?: 'DomainHealthReport', checkedAt: string, domains: Array<{ __typename?: 'DomainHealth', domain: string, checks: Array<{ __typename?: 'DomainCheck', key: string, label: string, status: string, detail: string, fix: string | null, value: string | null }> }> } };

export type MailboxFieldsFragment = { __typename?: 'Mailbox', id: string, workspaceId: string, email: string, fromName: string, smtpHost: string, smtpPort: number, smtpSecure: boolean, imapHost: string, imapPort: number, username: string, dailyCap: number, rampStart: number, rampIncrement: number, rampStartedAt: string, minGapMinutes: number, gapJitterMinutes: number, signature: string | null, tags: Array<string>, domainDailyCap: number | null, status: string, lastError: string | null, backoffUntil: string | null, createdAt: string, sentToday: number, capToday: number, rampShare: number, skippedMessages: number, lastSkippedMessage: string | null };

export type MailboxesQueryVariables = Exact<{ [key: string]: never; }>;


export type MailboxesQuery = { __typename?: 'Query', mailboxes: Array<{ __typename?: 'Mailbox', id: string, workspaceId: string, email: string, fromName: string, smtpHost: string, smtpPort: number, smtpSecure: boolean, imapHost: string, imapPort: number, username: string, dailyCap: number, rampStart: number, rampIncrement: number, rampStartedAt: string, minGapMinutes: number, gapJitterMinutes: number, signature: string | null, tags: Array<string>, domainDailyCap: number | null, status: string, lastError: string | null, backoffUntil: string | null, createdAt: string, sentToday: number, capToday: number, rampShare: number, skippedMessages: number, lastSkippedMessage: string | null }> };

export type MailboxQueryVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type MailboxQuery = { __typename?: 'Query', mailbox: { __typename?: 'Mailbox', id: string, workspaceId: string, email: string, fromName: string, smtpHost: string, smtpPort: number, smtpSecure: boolean, imapHost: string, imapPort: number, username: string, dailyCap: number, rampStart: number, rampIncrement: number, rampStartedAt: string, minGapMinutes: number, gapJitterMinutes: number, signature: string | null, tags: Array<string>, domainDailyCap: number | null, status: string, lastError: string | null, backoffUntil: string | null, createdAt: string, sentToday: number, capToday: number, rampShare: number, skippedMessages: number, lastSkippedMessage: string | null } };

export type MailboxScoresQueryVariables = Exact<{ [key: string]: never; }>;


export type MailboxScoresQuery = { __typename?: 'Query', mailboxScores: Array<{ __typename?: 'MailboxScore', mailboxId: string, score: number, enoughSends: boolean, parts: { __typename?: 'MailboxScoreParts', bounces: number, replies: number, placement: number, errors: number }, inputs: { __typename?: 'MailboxScoreInputs', sent: number, failed: number, bounced: number, replied: number, placement: number | null } }> };

export type CreateMailboxMutationVariables = Exact<{
  input: CreateMailboxInput;
}>;


export type CreateMailboxMutation = { __typename?: 'Mutation', createMailbox: { __typename?: 'Mailbox', id: string, workspaceId: string, email: string, fromName: string, smtpHost: string, smtpPort: number, smtpSecure: boolean, imapHost: string, imapPort: number, username: string, dailyCap: number, rampStart: number, rampIncrement: number, rampStartedAt: string, minGapMinutes: number, gapJitterMinutes: number, signature: string | null, tags: Array<string>, domainDailyCap: number | null, status: string, lastError: string | null, backoffUntil: string | null, createdAt: string, sentToday: number, capToday: number, rampShare: number, skippedMessages: number, lastSkippedMessage: string | null } };

export type UpdateMailboxMutationVariables = Exact<{
  id: Scalars['ID']['input'];
  input: UpdateMailboxInput;
}>;


export type UpdateMailboxMutation = { __typename?: 'Mutation', updateMailbox: { __typename?: 'Mailbox', id: string, workspaceId: string, email: string, fromName: string, smtpHost: string, smtpPort: number, smtpSecure: boolean, imapHost: string, imapPort: number, username: string, dailyCap: number, rampStart: number, rampIncrement: number, rampStartedAt: string, minGapMinutes: number, gapJitterMinutes: number, signature: string | null, tags: Array<string>, domainDailyCap: number | null, status: string, lastError: string | null, backoffUntil: string | null, createdAt: string, sentToday: number, capToday: number, rampShare: number, skippedMessages: number, lastSkippedMessage: string | null } };

export type BulkUpdateMailboxesMutationVariables = Exact<{
  input: BulkUpdateMailboxesInput;
}>;


export type BulkUpdateMailboxesMutation = { __typename?: 'Mutation', bulkUpdateMailboxes: { __typename?: 'ChangedCount', changed: number } };

export type PauseMailboxMutationVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type PauseMailboxMutation = { __typename?: 'Mutation', pauseMailbox: { __typename?: 'StatusResult', status: string } };

export type ResumeMailboxMutationVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type ResumeMailboxMutation = { __typename?: 'Mutation', resumeMailbox: { __typename?: 'StatusResult', status: string } };

export type DeleteMailboxMutationVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type DeleteMailboxMutation = { __typename?: 'Mutation', deleteMailbox: { __typename?: 'Deleted', deleted: boolean } };

export type AddLeadsMutationVariables = Exact<{
  campaignId: Scalars['ID']['input'];
  input: AddLeadsInput;
}>;


export type AddLeadsMutation = { __typename?: 'Mutation', addLeads: { __typename?: 'ImportCounts', inserted: number, duplicates: number, blocklisted: number, invalid: number, inAnotherCampaign: number, contactedRecently: number } };

export type LeadListsQueryVariables = Exact<{ [key: string]: never; }>;


export type LeadListsQuery = { __typename?: 'Query', leadLists: Array<{ __typename?: 'LeadList', id: string, workspaceId: string, name: string, createdAt: string, leads: number }> };

export type CreateLeadListMutationVariables = Exact<{
  input: CreateLeadListInput;
}>;


export type CreateLeadListMutation = { __typename?: 'Mutation', createLeadList: { __typename?: 'LeadList', id: string, workspaceId: string, name: string, createdAt: string, leads: number } };

export type ImportLeadListLeadsMutationVariables = Exact<{
  id: Scalars['ID']['input'];
  csv: Scalars['String']['input'];
}>;


export type ImportLeadListLeadsMutation = { __typename?: 'Mutation', importLeadListLeads: { __typename?: 'LeadListImportCounts', added: number, duplicates: number, invalid: number } };

export type DeleteLeadListMutationVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type DeleteLeadListMutation = { __typename?: 'Mutation', deleteLeadList: { __typename?: 'Deleted', deleted: boolean } };

export type CampaignPoolQueryVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type CampaignPoolQuery = { __typename?: 'Query', campaign: { __typename?: 'Campaign', id: string, mailboxIds: Array<string>, mailboxTags: Array<string>, sendingMailboxIds: Array<string> } };

export type UpdateCampaignPoolMutationVariables = Exact<{
  id: Scalars['ID']['input'];
  input: UpdateCampaignInput;
}>;


export type UpdateCampaignPoolMutation = { __typename?: 'Mutation', updateCampaign: { __typename?: 'Campaign', id: string, mailboxIds: Array<string>, mailboxTags: Array<string>, sendingMailboxIds: Array<string> } };

export type LeadSenderQueryVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type LeadSenderQuery = { __typename?: 'Query', lead: { __typename?: 'Lead', id: string, mailboxId: string | null, currentStep: number } };

export type LeadFieldsFragment = { __typename?: 'Lead', id: string, workspaceId: string, campaignId: string, email: string, vars: Record<string, unknown>, timezone: string | null, status: string, stopReason: string | null, interest: string | null, wonAt: string | null, dealValue: number | null, note: string | null, provider: string | null, verification: string | null, verifiedAt: string | null, currentStep: number, nextDueAt: string | null, awayUntil: string | null, createdAt: string, sendZone: string };

export type LeadsQueryVariables = Exact<{
  campaignId?: InputMaybe<Scalars['ID']['input']>;
  query?: InputMaybe<LeadQueryInput>;
}>;


export type LeadsQuery = { __typename?: 'Query', leads: { __typename?: 'LeadPage', total: number, items: Array<{ __typename?: 'Lead', campaignName: string, id: string, workspaceId: string, campaignId: string, email: string, vars: Record<string, unknown>, timezone: string | null, status: string, stopReason: string | null, interest: string | null, wonAt: string | null, dealValue: number | null, note: string | null, provider: string | null, verification: string | null, verifiedAt: string | null, currentStep: number, nextDueAt: string | null, awayUntil: string | null, createdAt: string, sendZone: string }> } };

export type LeadQueryVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type LeadQuery = { __typename?: 'Query', lead: { __typename?: 'Lead', campaignName: string, id: string, workspaceId: string, campaignId: string, email: string, vars: Record<string, unknown>, timezone: string | null, status: string, stopReason: string | null, interest: string | null, wonAt: string | null, dealValue: number | null, note: string | null, provider: string | null, verification: string | null, verifiedAt: string | null, currentStep: number, nextDueAt: string | null, awayUntil: string | null, createdAt: string, sendZone: string } };

export type LeadFieldNamesQueryVariables = Exact<{
  campaignId: Scalars['ID']['input'];
}>;


export type LeadFieldNamesQuery = { __typename?: 'Query', leadFields: Array<string> };

export type SearchLeadsQueryVariables = Exact<{
  q: Scalars['String']['input'];
  limit?: InputMaybe<Scalars['Int']['input']>;
}>;


export type SearchLeadsQuery = { __typename?: 'Query', searchLeads: Array<{ __typename?: 'LeadSearchHit', id: string, email: string, status: string, stopReason: string | null, currentStep: number, createdAt: string, campaignId: string, campaign: string }> };

export type LeadActivityQueryVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type LeadActivityQuery = { __typename?: 'Query', leadActivity: { __typename?: 'LeadActivity', lead: { __typename?: 'Lead', id: string, workspaceId: string, campaignId: string, email: string, vars: Record<string, unknown>, timezone: string | null, status: string, stopReason: string | null, interest: string | null, wonAt: string | null, dealValue: number | null, note: string | null, provider: string | null, verification: string | null, verifiedAt: string | null, currentStep: number, nextDueAt: string | null, awayUntil: string | null, createdAt: string, sendZone: string }, timeline: Array<{ __typename?: 'LeadTimelineEntry', type: string, at: string, step: number | null, stepLabel: string | null, detail: string | null, variant: number | null }> } };

export type UpdateLeadMutationVariables = Exact<{
  id: Scalars['ID']['input'];
  input: UpdateLeadInput;
}>;


export type UpdateLeadMutation = { __typename?: 'Mutation', updateLead: { __typename?: 'Lead', id: string, workspaceId: string, campaignId: string, email: string, vars: Record<string, unknown>, timezone: string | null, status: string, stopReason: string | null, interest: string | null, wonAt: string | null, dealValue: number | null, note: string | null, provider: string | null, verification: string | null, verifiedAt: string | null, currentStep: number, nextDueAt: string | null, awayUntil: string | null, createdAt: string, sendZone: string } };

export type DeleteLeadMutationVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type DeleteLeadMutation = { __typename?: 'Mutation', deleteLead: { __typename?: 'Deleted', deleted: boolean } };

export type CreateOneOffLeadMutationVariables = Exact<{
  input: OneOffLeadInput;
}>;


export type CreateOneOffLeadMutation = { __typename?: 'Mutation', createOneOffLead: { __typename?: 'OneOffLead', leadId: string, created: boolean } };

export type LeadFiltersQueryVariables = Exact<{ [key: string]: never; }>;


export type LeadFiltersQuery = { __typename?: 'Query', leadFilters: Array<{ __typename?: 'LeadFilter', id: string, name: string, createdAt: string, filter: { __typename?: 'SavedLeadFilterFields', status: string | null, interest: string | null, verification: string | null, provider: string | null, listId: string | null, q: string | null } }> };

export type CreateLeadFilterMutationVariables = Exact<{
  input: CreateLeadFilterInput;
}>;


export type CreateLeadFilterMutation = { __typename?: 'Mutation', createLeadFilter: { __typename?: 'LeadFilter', id: string, name: string, createdAt: string, filter: { __typename?: 'SavedLeadFilterFields', status: string | null, interest: string | null, verification: string | null, provider: string | null, listId: string | null, q: string | null } } };

export type DeleteLeadFilterMutationVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type DeleteLeadFilterMutation = { __typename?: 'Mutation', deleteLeadFilter: { __typename?: 'Deleted', deleted: boolean } };

export type OAuthProvidersQueryVariables = Exact<{ [key: string]: never; }>;


export type OAuthProvidersQuery = { __typename?: 'Query', oauthProviders: Array<{ __typename?: 'OAuthProvider', provider: string, configured: boolean }> };

export type StartMailboxOAuthMutationVariables = Exact<{
  provider: Scalars['String']['input'];
  mailboxId?: InputMaybe<Scalars['ID']['input']>;
  returnTo?: InputMaybe<Scalars['String']['input']>;
}>;


export type StartMailboxOAuthMutation = { __typename?: 'Mutation', startMailboxOAuth: { __typename?: 'MailboxOAuthStart', authorizationUrl: string, expiresAt: string } };

export type OAuthMailboxQueryVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type OAuthMailboxQuery = { __typename?: 'Query', mailbox: { __typename?: 'Mailbox', id: string, email: string, status: string, authType: string, oauthProvider: string | null, smtpHost: string, smtpPort: number, smtpSecure: boolean, imapHost: string, imapPort: number, username: string, lastError: string | null } };

export type SendLeadEmailMutationVariables = Exact<{
  id: Scalars['ID']['input'];
  input: OneOffSendInput;
}>;


export type SendLeadEmailMutation = { __typename?: 'Mutation', sendLeadEmail: { __typename?: 'QueuedOneOff', id: string, status: string, scheduledFor: string } };

export type CancelOneOffMutationVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type CancelOneOffMutation = { __typename?: 'Mutation', cancelOneOff: { __typename?: 'CancelledOneOff', id: string, status: string } };

export type PipelineQueryVariables = Exact<{
  query?: InputMaybe<PipelineQueryInput>;
}>;


export type PipelineQuery = { __typename?: 'Query', pipeline: { __typename?: 'PipelineView', wonValue: number, stages: Array<{ __typename?: 'PipelineStageView', stage: string, count: number, value: number, leads: Array<{ __typename?: 'PipelineLeadView', id: string, email: string, campaignId: string, campaign: string, value: number }> }> } };

export type MovePipelineLeadMutationVariables = Exact<{
  leadId: Scalars['ID']['input'];
  input: MovePipelineLeadInput;
}>;


export type MovePipelineLeadMutation = { __typename?: 'Mutation', movePipelineLead: { __typename?: 'PipelineMoveView', id: string, stage: string } };

export type CreateSeedMailboxMutationVariables = Exact<{
  input: CreateMailboxInput;
}>;


export type CreateSeedMailboxMutation = { __typename?: 'Mutation', createMailbox: { __typename?: 'Mailbox', id: string, email: string, purpose: string, seedProvider: string | null, pausedReason: string | null, status: string } };

export type UpdateSeedMailboxMutationVariables = Exact<{
  id: Scalars['ID']['input'];
  input: UpdateMailboxInput;
}>;


export type UpdateSeedMailboxMutation = { __typename?: 'Mutation', updateMailbox: { __typename?: 'Mailbox', id: string, purpose: string, seedProvider: string | null } };

export type SeedMailboxesQueryVariables = Exact<{ [key: string]: never; }>;


export type SeedMailboxesQuery = { __typename?: 'Query', mailboxes: Array<{ __typename?: 'Mailbox', id: string, email: string, purpose: string, seedProvider: string | null, pausedReason: string | null, status: string }> };

export type ResumePlacementPausedMutationVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type ResumePlacementPausedMutation = { __typename?: 'Mutation', resumeMailbox: { __typename?: 'StatusResult', status: string } };

export type PausePlacementPausedMutationVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type PausePlacementPausedMutation = { __typename?: 'Mutation', pauseMailbox: { __typename?: 'StatusResult', status: string } };

export type SeedCampaignMailboxesMutationVariables = Exact<{
  id: Scalars['ID']['input'];
  input: UpdateCampaignInput;
}>;


export type SeedCampaignMailboxesMutation = { __typename?: 'Mutation', updateCampaign: { __typename?: 'Campaign', id: string, mailboxIds: Array<string>, sendingMailboxIds: Array<string> } };

export type SeedCampaignPoolQueryVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type SeedCampaignPoolQuery = { __typename?: 'Query', campaign: { __typename?: 'Campaign', id: string, mailboxIds: Array<string>, sendingMailboxIds: Array<string> } };

export type SeedOneOffMutationVariables = Exact<{
  id: Scalars['ID']['input'];
  input: OneOffSendInput;
}>;


export type SeedOneOffMutation = { __typename?: 'Mutation', sendLeadEmail: { __typename?: 'QueuedOneOff', id: string, status: string } };

export type PlacementCountsFieldsFragment = { __typename?: 'PlacementCounts', sent: number, inbox: number, category: number, spam: number, other: number, missing: number, failed: number, inboxRate: number | null };

export type PlacementTestFieldsFragment = { __typename?: 'PlacementTest', id: string, status: string, createdAt: string, finishedAt: string | null, waitMinutes: number, content: { __typename?: 'PlacementContent', campaignId: string | null, step: number | null, variant: number | null, subject: string }, summary: { __typename?: 'PlacementCounts', sent: number, inbox: number, category: number, spam: number, other: number, missing: number, failed: number, inboxRate: number | null }, bySender: Array<{ __typename?: 'PlacementSenderCounts', mailboxId: string, email: string, sent: number, inbox: number, category: number, spam: number, other: number, missing: number, failed: number, inboxRate: number | null }>, byProvider: Array<{ __typename?: 'PlacementProviderCounts', provider: string, sent: number, inbox: number, category: number, spam: number, other: number, missing: number, failed: number, inboxRate: number | null }> };

export type StartPlacementTestMutationVariables = Exact<{
  input: StartPlacementTestInput;
}>;


export type StartPlacementTestMutation = { __typename?: 'Mutation', startPlacementTest: { __typename?: 'PlacementTest', id: string, status: string, createdAt: string, finishedAt: string | null, waitMinutes: number, content: { __typename?: 'PlacementContent', campaignId: string | null, step: number | null, variant: number | null, subject: string }, summary: { __typename?: 'PlacementCounts', sent: number, inbox: number, category: number, spam: number, other: number, missing: number, failed: number, inboxRate: number | null }, bySender: Array<{ __typename?: 'PlacementSenderCounts', mailboxId: string, email: string, sent: number, inbox: number, category: number, spam: number, other: number, missing: number, failed: number, inboxRate: number | null }>, byProvider: Array<{ __typename?: 'PlacementProviderCounts', provider: string, sent: number, inbox: number, category: number, spam: number, other: number, missing: number, failed: number, inboxRate: number | null }> } };

export type PlacementTestQueryVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type PlacementTestQuery = { __typename?: 'Query', placementTest: { __typename?: 'PlacementTest', id: string, status: string, createdAt: string, finishedAt: string | null, waitMinutes: number, results: Array<{ __typename?: 'PlacementResult', mailboxId: string, seedId: string, seedProvider: string, placement: string | null, folder: string | null, delaySeconds: number | null, detail: string | null, auth: { __typename?: 'PlacementAuth', spf: string | null, dkim: string | null, dmarc: string | null } | null }>, content: { __typename?: 'PlacementContent', campaignId: string | null, step: number | null, variant: number | null, subject: string }, summary: { __typename?: 'PlacementCounts', sent: number, inbox: number, category: number, spam: number, other: number, missing: number, failed: number, inboxRate: number | null }, bySender: Array<{ __typename?: 'PlacementSenderCounts', mailboxId: string, email: string, sent: number, inbox: number, category: number, spam: number, other: number, missing: number, failed: number, inboxRate: number | null }>, byProvider: Array<{ __typename?: 'PlacementProviderCounts', provider: string, sent: number, inbox: number, category: number, spam: number, other: number, missing: number, failed: number, inboxRate: number | null }> } };

export type PlacementTestsQueryVariables = Exact<{
  limit?: InputMaybe<Scalars['Int']['input']>;
  cursor?: InputMaybe<Scalars['String']['input']>;
}>;


export type PlacementTestsQuery = { __typename?: 'Query', placementTests: { __typename?: 'PlacementTestPage', nextCursor: string | null, items: Array<{ __typename?: 'PlacementTest', id: string, status: string, createdAt: string, finishedAt: string | null, waitMinutes: number, content: { __typename?: 'PlacementContent', campaignId: string | null, step: number | null, variant: number | null, subject: string }, summary: { __typename?: 'PlacementCounts', sent: number, inbox: number, category: number, spam: number, other: number, missing: number, failed: number, inboxRate: number | null }, bySender: Array<{ __typename?: 'PlacementSenderCounts', mailboxId: string, email: string, sent: number, inbox: number, category: number, spam: number, other: number, missing: number, failed: number, inboxRate: number | null }>, byProvider: Array<{ __typename?: 'PlacementProviderCounts', provider: string, sent: number, inbox: number, category: number, spam: number, other: number, missing: number, failed: number, inboxRate: number | null }> }> } };

export type PlacementScoresQueryVariables = Exact<{ [key: string]: never; }>;


export type PlacementScoresQuery = { __typename?: 'Query', mailboxScores: Array<{ __typename?: 'MailboxScore', mailboxId: string, score: number, parts: { __typename?: 'MailboxScoreParts', placement: number }, inputs: { __typename?: 'MailboxScoreInputs', placement: number | null } }> };

export type PlacementSettingsQueryVariables = Exact<{ [key: string]: never; }>;


export type PlacementSettingsQuery = { __typename?: 'Query', settings: { __typename?: 'Settings', workspace: { __typename?: 'Workspace', placementSchedule: string, placementProtectBelow: number | null } } };

export type UpdatePlacementSettingsMutationVariables = Exact<{
  input: UpdateWorkspaceInput;
}>;


export type UpdatePlacementSettingsMutation = { __typename?: 'Mutation', updateWorkspace: { __typename?: 'Workspace', placementSchedule: string, placementProtectBelow: number | null, timezone: string } };

export type PlacementSendingStatusQueryVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type PlacementSendingStatusQuery = { __typename?: 'Query', campaignSendingStatus: { __typename?: 'SendingStatus', sending: boolean, reasons: Array<{ __typename?: 'SendingMessage', code: string, text: string }> } };

export type RepliesQueryVariables = Exact<{
  query?: InputMaybe<ReplyQueryInput>;
}>;


export type RepliesQuery = { __typename?: 'Query', replies: { __typename?: 'ReplyPage', total: number, items: Array<{ __typename?: 'Reply', id: string, kind: string, status: string, isRead: boolean, repliedAt: string | null, assistedInterest: string | null, assistedConfidence: number | null, fromEmail: string, subject: string, snippet: string, bodyText: string, campaignId: string | null, mailboxId: string, leadId: string | null, receivedAt: string, leadAwayUntil: string | null, assignedUserId: string | null, snoozedUntil: string | null, rule: string, evidence: string }> } };

export type ReplyQueryVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type ReplyQuery = { __typename?: 'Query', reply: { __typename?: 'Reply', id: string, kind: string, status: string, leadId: string | null, snoozedUntil: string | null, rule: string, evidence: string } };

export type ReplyCountsQueryVariables = Exact<{ [key: string]: never; }>;


export type ReplyCountsQuery = { __typename?: 'Query', replyCounts: { __typename?: 'ReplyCounts', unread: number, unreadReplies: number, answered: number } };

export type UpdateReplyMutationVariables = Exact<{
  id: Scalars['ID']['input'];
  input: UpdateReplyInput;
}>;


export type UpdateReplyMutation = { __typename?: 'Mutation', updateReply: { __typename?: 'ReplyUpdated', updated: boolean } };

export type SendReplyAnswerMutationVariables = Exact<{
  id: Scalars['ID']['input'];
  input: ReplyAnswerInput;
}>;


export type SendReplyAnswerMutation = { __typename?: 'Mutation', sendReplyAnswer: { __typename?: 'ReplyAnswerSent', sent: boolean } };

export type AssignReplyMutationVariables = Exact<{
  id: Scalars['ID']['input'];
  input: AssignReplyInput;
}>;


export type AssignReplyMutation = { __typename?: 'Mutation', assignReply: { __typename?: 'ReplyAssignment', assignedUserId: string | null } };

export type UnsubscribeReplyMutationVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type UnsubscribeReplyMutation = { __typename?: 'Mutation', unsubscribeReply: { __typename?: 'ReplyUnsubscribed', unsubscribed: boolean } };

export type SnoozeReplyMutationVariables = Exact<{
  id: Scalars['ID']['input'];
  input: SnoozeReplyInput;
}>;


export type SnoozeReplyMutation = { __typename?: 'Mutation', snoozeReply: { __typename?: 'ReplySnooze', snoozedUntil: string | null } };

export type DeliverabilityReportQueryVariables = Exact<{ [key: string]: never; }>;


export type DeliverabilityReportQuery = { __typename?: 'Query', deliverabilityReport: { __typename?: 'DeliverabilityReport', windowDays: number, smtp: { __typename?: 'SmtpAttemptCounts', accepted: number, deferred: number, rejected: number, byCode: Array<{ __typename?: 'SmtpCodeCount', code: number | null, enhancedCode: string | null, outcome: string, count: number }> }, bounceReasons: Array<{ __typename?: 'BounceReasonCount', category: string, code: number | null, enhancedCode: string | null, count: number, example: string }>, perInbox: Array<{ __typename?: 'DeliverabilityInbox', email: string, sent: number, deferred: number, rejected: number, answered: number }> } };

export type DomainsReportQueryVariables = Exact<{
  days?: InputMaybe<Scalars['Int']['input']>;
}>;


export type DomainsReportQuery = { __typename?: 'Query', domainsReport: { __typename?: 'DomainsReport', days: Array<string>, domains: Array<{ __typename?: 'SendingDomain', domain: string, inboxes: number, domainCap: number | null, points: Array<{ __typename?: 'DomainDayPoint', day: string, sent: number, allowed: number }> }> } };

export type BestTimeReportQueryVariables = Exact<{
  days?: InputMaybe<Scalars['Int']['input']>;
}>;


export type BestTimeReportQuery = { __typename?: 'Query', bestTimeReport: { __typename?: 'BestTimeReport', timezone: string, days: number, replies: number, grid: Array<Array<number>> } };

export type ReportSummaryQueryVariables = Exact<{ [key: string]: never; }>;


export type ReportSummaryQuery = { __typename?: 'Query', reportSummary: { __typename?: 'ReportSummary', campaigns: number, activeCampaigns: number, mailboxes: number, sent: number, opened: number, replied: number, bounced: number, openRate: number | null, replyRate: number } };

export type ReportAnalyticsQueryVariables = Exact<{
  input?: InputMaybe<AnalyticsInput>;
}>;


export type ReportAnalyticsQuery = { __typename?: 'Query', reportAnalytics: { __typename?: 'Analytics', from: string, to: string, totals: { __typename?: 'AnalyticsTotals', sent: number, started: number, replies: number, bounces: number, positive: number, replyRate: number, bounceRate: number, opened: number, clicked: number, openRate: number | null, clickRate: number | null, won: number, wonValue: number }, byDay: Array<{ __typename?: 'AnalyticsDay', day: string, sent: number, replies: number, bounces: number, positive: number, opened: number, clicked: number }>, byCampaign: Array<{ __typename?: 'AnalyticsRow', id: string, label: string, sent: number, replies: number, bounces: number, positive: number, replyRate: number, bounceRate: number }>, byMailbox: Array<{ __typename?: 'AnalyticsRow', id: string, label: string, sent: number, replies: number, bounces: number, positive: number, replyRate: number, bounceRate: number }>, campaigns: Array<{ __typename?: 'AnalyticsCampaign', id: string, name: string }> } };

export type SavedRepliesQueryVariables = Exact<{ [key: string]: never; }>;


export type SavedRepliesQuery = { __typename?: 'Query', savedReplies: Array<{ __typename?: 'SavedReply', id: string, name: string, subject: string | null, body: string }> };

export type SavedReplyExamplesQueryVariables = Exact<{ [key: string]: never; }>;


export type SavedReplyExamplesQuery = { __typename?: 'Query', savedReplyExamples: Array<{ __typename?: 'SavedReplyExample', name: string, body: string }> };

export type CreateSavedReplyMutationVariables = Exact<{
  input: CreateSavedReplyInput;
}>;


export type CreateSavedReplyMutation = { __typename?: 'Mutation', createSavedReply: { __typename?: 'SavedReply', id: string, name: string, subject: string | null, body: string } };

export type UpdateSavedReplyMutationVariables = Exact<{
  id: Scalars['ID']['input'];
  input: UpdateSavedReplyInput;
}>;


export type UpdateSavedReplyMutation = { __typename?: 'Mutation', updateSavedReply: { __typename?: 'SavedReply', id: string, name: string, subject: string | null, body: string } };

export type DeleteSavedReplyMutationVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type DeleteSavedReplyMutation = { __typename?: 'Mutation', deleteSavedReply: { __typename?: 'Deleted', deleted: boolean } };

export type RenderSavedReplyMutationVariables = Exact<{
  id: Scalars['ID']['input'];
  input: RenderSavedReplyInput;
}>;


export type RenderSavedReplyMutation = { __typename?: 'Mutation', renderSavedReply: { __typename?: 'RenderedSavedReply', subject: string | null, body: string } };

export type CampaignSendingStatusQueryVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type CampaignSendingStatusQuery = { __typename?: 'Query', campaignSendingStatus: { __typename?: 'SendingStatus', sending: boolean, sentToday: number, dailyLimit: number, newToday: number, newLeadsLimit: number | null, dueNow: number, nextDueAt: string | null, reasons: Array<{ __typename?: 'SendingMessage', code: string, text: string }>, notes: Array<{ __typename?: 'SendingMessage', code: string, text: string }>, dueToday: { __typename?: 'DueToday', total: number, followUps: number, newLeads: number } } };

export type CampaignSendingStatusesQueryVariables = Exact<{
  campaignIds: Array<Scalars['ID']['input']> | Scalars['ID']['input'];
}>;


export type CampaignSendingStatusesQuery = { __typename?: 'Query', campaignSendingStatuses: Array<{ __typename?: 'SendingStatus', campaignId: string, sending: boolean, sentToday: number, dailyLimit: number, dueNow: number, reasons: Array<{ __typename?: 'SendingMessage', code: string, text: string }>, notes: Array<{ __typename?: 'SendingMessage', code: string, text: string }>, dueToday: { __typename?: 'DueToday', total: number, followUps: number, newLeads: number } }> };

export type UpdateCampaignStepsMutationVariables = Exact<{
  campaignId: Scalars['ID']['input'];
  steps: Array<StepInput> | StepInput;
}>;


export type UpdateCampaignStepsMutation = { __typename?: 'Mutation', updateCampaignSteps: { __typename?: 'StepCount', steps: number } };

export type UpdateStepVariantMutationVariables = Exact<{
  campaignId: Scalars['ID']['input'];
  position: Scalars['Int']['input'];
  variant: Scalars['Int']['input'];
  enabled: Scalars['Boolean']['input'];
}>;


export type UpdateStepVariantMutation = { __typename?: 'Mutation', updateStepVariant: { __typename?: 'StepVariantState', step: number, variant: number, enabled: boolean } };

export type SequenceTemplatesQueryVariables = Exact<{ [key: string]: never; }>;


export type SequenceTemplatesQuery = { __typename?: 'Query', sequenceTemplates: Array<{ __typename?: 'SequenceTemplate', id: string, name: string, steps: number, createdAt: string }> };

export type CreateSequenceTemplateMutationVariables = Exact<{
  input: CreateSequenceTemplateInput;
}>;


export type CreateSequenceTemplateMutation = { __typename?: 'Mutation', createSequenceTemplate: { __typename?: 'SequenceTemplate', id: string, name: string, steps: number, createdAt: string } };

export type DeleteSequenceTemplateMutationVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type DeleteSequenceTemplateMutation = { __typename?: 'Mutation', deleteSequenceTemplate: { __typename?: 'Deleted', deleted: boolean } };

export type ApplySequenceTemplateMutationVariables = Exact<{
  campaignId: Scalars['ID']['input'];
  templateId: Scalars['ID']['input'];
}>;


export type ApplySequenceTemplateMutation = { __typename?: 'Mutation', applySequenceTemplate: { __typename?: 'StepCount', steps: number } };

export type SubsequenceFieldsFragment = { __typename?: 'Campaign', id: string, workspaceId: string, name: string, status: string, timezone: string, days: Array<number>, windowStart: string, windowEnd: string, dailyLimit: number, maxNewLeadsPerDay: number | null, stopOnReply: boolean, openTracking: boolean, tags: Array<string>, parentCampaignId: string | null, trigger: { __typename?: 'SubsequenceTrigger', interest: Array<string> | null, replyContains: Array<string> | null, completed: boolean | null } | null };

export type SubsequencesQueryVariables = Exact<{
  campaignId: Scalars['ID']['input'];
}>;


export type SubsequencesQuery = { __typename?: 'Query', subsequences: Array<{ __typename?: 'Campaign', leadsPending: number, mailboxIds: Array<string>, id: string, workspaceId: string, name: string, status: string, timezone: string, days: Array<number>, windowStart: string, windowEnd: string, dailyLimit: number, maxNewLeadsPerDay: number | null, stopOnReply: boolean, openTracking: boolean, tags: Array<string>, parentCampaignId: string | null, trigger: { __typename?: 'SubsequenceTrigger', interest: Array<string> | null, replyContains: Array<string> | null, completed: boolean | null } | null }> };

export type CreateSubsequenceMutationVariables = Exact<{
  campaignId: Scalars['ID']['input'];
  input: CreateSubsequenceInput;
}>;


export type CreateSubsequenceMutation = { __typename?: 'Mutation', createSubsequence: { __typename?: 'Campaign', mailboxIds: Array<string>, id: string, workspaceId: string, name: string, status: string, timezone: string, days: Array<number>, windowStart: string, windowEnd: string, dailyLimit: number, maxNewLeadsPerDay: number | null, stopOnReply: boolean, openTracking: boolean, tags: Array<string>, parentCampaignId: string | null, trigger: { __typename?: 'SubsequenceTrigger', interest: Array<string> | null, replyContains: Array<string> | null, completed: boolean | null } | null } };

export type TopLevelCampaignsQueryVariables = Exact<{ [key: string]: never; }>;


export type TopLevelCampaignsQuery = { __typename?: 'Query', campaigns: Array<{ __typename?: 'Campaign', id: string, parentCampaignId: string | null }> };

export type TasksQueryVariables = Exact<{ [key: string]: never; }>;


export type TasksQuery = { __typename?: 'Query', tasks: Array<{ __typename?: 'Task', id: string, kind: string, text: string, stepPosition: number, dueAt: string, campaign: { __typename?: 'TaskCampaign', id: string, name: string }, lead: { __typename?: 'TaskLead', id: string, email: string, linkedin: string | null, phone: string | null, vars: Record<string, unknown> } }> };

export type DoneTaskMutationVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type DoneTaskMutation = { __typename?: 'Mutation', doneTask: { __typename?: 'TaskClosed', status: string } };

export type SkipTaskMutationVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type SkipTaskMutation = { __typename?: 'Mutation', skipTask: { __typename?: 'TaskClosed', status: string } };

export type UntrackedRepliesQueryVariables = Exact<{
  query?: InputMaybe<ReplyQueryInput>;
}>;


export type UntrackedRepliesQuery = { __typename?: 'Query', replies: { __typename?: 'ReplyPage', total: number, items: Array<{ __typename?: 'Reply', id: string, kind: string, fromEmail: string, replyTo: string | null, subject: string, leadId: string | null, campaignId: string | null, untracked: boolean }> } };

export type UntrackedCountQueryVariables = Exact<{ [key: string]: never; }>;


export type UntrackedCountQuery = { __typename?: 'Query', replyCounts: { __typename?: 'ReplyCounts', unread: number, untracked: number } };

export type LinkReplyMutationVariables = Exact<{
  id: Scalars['ID']['input'];
  leadId: Scalars['ID']['input'];
}>;


export type LinkReplyMutation = { __typename?: 'Mutation', linkReply: { __typename?: 'Reply', id: string, leadId: string | null, campaignId: string | null, untracked: boolean, status: string } };

export type VerifyCampaignMutationVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type VerifyCampaignMutation = { __typename?: 'Mutation', verifyCampaign: { __typename?: 'CampaignDomainCheck', domainsChecked: number, badDomains: number, leadsChecked: number, markedInvalid: number } };

export type VerifyCampaignAddressesMutationVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type VerifyCampaignAddressesMutation = { __typename?: 'Mutation', verifyCampaignAddresses: { __typename?: 'AddressVerificationStarted', marked: number } };

export type CampaignVerificationQueryVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type CampaignVerificationQuery = { __typename?: 'Query', campaignVerification: { __typename?: 'CampaignVerification', pending: number, valid: number, invalid: number, risky: number, unknown: number, expired: number, unchecked: number, skippedInvalid: number, skippedRisky: number, skippedCatchAll: number } };

export type WebhookFieldsFragment = { __typename?: 'Webhook', id: string, url: string, events: Array<string>, description: string | null, enabled: boolean, disabledAt: string | null, createdAt: string };

export type WebhookDeliveryFieldsFragment = { __typename?: 'WebhookDelivery', id: string, eventId: string, event: string, status: string, attempts: number, responseStatus: number | null, error: string | null, nextAttemptAt: string | null, createdAt: string, deliveredAt: string | null };

export type WebhooksQueryVariables = Exact<{ [key: string]: never; }>;


export type WebhooksQuery = { __typename?: 'Query', webhooks: Array<{ __typename?: 'Webhook', id: string, url: string, events: Array<string>, description: string | null, enabled: boolean, disabledAt: string | null, createdAt: string }> };

export type WebhookEventKindsQueryVariables = Exact<{ [key: string]: never; }>;


export type WebhookEventKindsQuery = { __typename?: 'Query', webhookEventKinds: Array<{ __typename?: 'WebhookEventKind', kind: string, description: string }> };

export type WebhookDeliveriesQueryVariables = Exact<{
  id: Scalars['ID']['input'];
  query?: InputMaybe<DeliveryQueryInput>;
}>;


export type WebhookDeliveriesQuery = { __typename?: 'Query', webhookDeliveries: { __typename?: 'WebhookDeliveryPage', total: number, items: Array<{ __typename?: 'WebhookDelivery', id: string, eventId: string, event: string, status: string, attempts: number, responseStatus: number | null, error: string | null, nextAttemptAt: string | null, createdAt: string, deliveredAt: string | null }> } };

export type CreateWebhookMutationVariables = Exact<{
  input: CreateWebhookInput;
}>;


export type CreateWebhookMutation = { __typename?: 'Mutation', createWebhook: { __typename?: 'WebhookWithSecret', id: string, url: string, events: Array<string>, description: string | null, enabled: boolean, createdAt: string, secret: string } };

export type UpdateWebhookMutationVariables = Exact<{
  id: Scalars['ID']['input'];
  input: UpdateWebhookInput;
}>;


export type UpdateWebhookMutation = { __typename?: 'Mutation', updateWebhook: { __typename?: 'Webhook', id: string, url: string, events: Array<string>, description: string | null, enabled: boolean, disabledAt: string | null, createdAt: string } };

export type DeleteWebhookMutationVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type DeleteWebhookMutation = { __typename?: 'Mutation', deleteWebhook: { __typename?: 'Deleted', deleted: boolean } };

export type TestWebhookMutationVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type TestWebhookMutation = { __typename?: 'Mutation', testWebhook: { __typename?: 'WebhookDelivery', id: string, eventId: string, event: string, status: string, attempts: number, responseStatus: number | null, error: string | null, nextAttemptAt: string | null, createdAt: string, deliveredAt: string | null } };

export type RotateWebhookSecretMutationVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type RotateWebhookSecretMutation = { __typename?: 'Mutation', rotateWebhookSecret: { __typename?: 'WebhookWithSecret', id: string, secret: string } };

export type RetryWebhookDeliveryMutationVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type RetryWebhookDeliveryMutation = { __typename?: 'Mutation', retryWebhookDelivery: { __typename?: 'WebhookDelivery', id: string, eventId: string, event: string, status: string, attempts: number, responseStatus: number | null, error: string | null, nextAttemptAt: string | null, createdAt: string, deliveredAt: string | null } };

export const CampaignFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"CampaignFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Campaign"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"workspaceId"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"timezone"}},{"kind":"Field","name":{"kind":"Name","value":"days"}},{"kind":"Field","name":{"kind":"Name","value":"windowStart"}},{"kind":"Field","name":{"kind":"Name","value":"windowEnd"}},{"kind":"Field","name":{"kind":"Name","value":"windows"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"days"}},{"kind":"Field","name":{"kind":"Name","value":"start"}},{"kind":"Field","name":{"kind":"Name","value":"end"}}]}},{"kind":"Field","name":{"kind":"Name","value":"leadTimezone"}},{"kind":"Field","name":{"kind":"Name","value":"dailyLimit"}},{"kind":"Field","name":{"kind":"Name","value":"maxNewLeadsPerDay"}},{"kind":"Field","name":{"kind":"Name","value":"prioritizeNew"}},{"kind":"Field","name":{"kind":"Name","value":"skipRisky"}},{"kind":"Field","name":{"kind":"Name","value":"dealValue"}},{"kind":"Field","name":{"kind":"Name","value":"stopOnReply"}},{"kind":"Field","name":{"kind":"Name","value":"stopOnAutoReply"}},{"kind":"Field","name":{"kind":"Name","value":"openTracking"}},{"kind":"Field","name":{"kind":"Name","value":"clickTracking"}},{"kind":"Field","name":{"kind":"Name","value":"unsubHeader"}},{"kind":"Field","name":{"kind":"Name","value":"textOnly"}},{"kind":"Field","name":{"kind":"Name","value":"companyReplyStop"}},{"kind":"Field","name":{"kind":"Name","value":"providerMatching"}},{"kind":"Field","name":{"kind":"Name","value":"abWinnerMetric"}},{"kind":"Field","name":{"kind":"Name","value":"abOptimizeAfter"}},{"kind":"Field","name":{"kind":"Name","value":"cc"}},{"kind":"Field","name":{"kind":"Name","value":"bcc"}},{"kind":"Field","name":{"kind":"Name","value":"tags"}},{"kind":"Field","name":{"kind":"Name","value":"mailboxTags"}},{"kind":"Field","name":{"kind":"Name","value":"startDate"}},{"kind":"Field","name":{"kind":"Name","value":"endDate"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"bounceProtect"}},{"kind":"Field","name":{"kind":"Name","value":"pausedReason"}}]}}]} as unknown as DocumentNode<CampaignFieldsFragment, unknown>;
export const BlockFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"BlockFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Block"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"template"}},{"kind":"Field","name":{"kind":"Name","value":"maxChars"}},{"kind":"Field","name":{"kind":"Name","value":"running"}},{"kind":"Field","name":{"kind":"Name","value":"runTotal"}},{"kind":"Field","name":{"kind":"Name","value":"runLeft"}},{"kind":"Field","name":{"kind":"Name","value":"runNote"}},{"kind":"Field","name":{"kind":"Name","value":"done"}},{"kind":"Field","name":{"kind":"Name","value":"failed"}},{"kind":"Field","name":{"kind":"Name","value":"flagged"}},{"kind":"Field","name":{"kind":"Name","value":"edited"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}}]} as unknown as DocumentNode<BlockFieldsFragment, unknown>;
export const MailboxFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"MailboxFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Mailbox"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"workspaceId"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"fromName"}},{"kind":"Field","name":{"kind":"Name","value":"smtpHost"}},{"kind":"Field","name":{"kind":"Name","value":"smtpPort"}},{"kind":"Field","name":{"kind":"Name","value":"smtpSecure"}},{"kind":"Field","name":{"kind":"Name","value":"imapHost"}},{"kind":"Field","name":{"kind":"Name","value":"imapPort"}},{"kind":"Field","name":{"kind":"Name","value":"username"}},{"kind":"Field","name":{"kind":"Name","value":"dailyCap"}},{"kind":"Field","name":{"kind":"Name","value":"rampStart"}},{"kind":"Field","name":{"kind":"Name","value":"rampIncrement"}},{"kind":"Field","name":{"kind":"Name","value":"rampStartedAt"}},{"kind":"Field","name":{"kind":"Name","value":"minGapMinutes"}},{"kind":"Field","name":{"kind":"Name","value":"gapJitterMinutes"}},{"kind":"Field","name":{"kind":"Name","value":"signature"}},{"kind":"Field","name":{"kind":"Name","value":"tags"}},{"kind":"Field","name":{"kind":"Name","value":"domainDailyCap"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"lastError"}},{"kind":"Field","name":{"kind":"Name","value":"backoffUntil"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"sentToday"}},{"kind":"Field","name":{"kind":"Name","value":"capToday"}},{"kind":"Field","name":{"kind":"Name","value":"rampShare"}},{"kind":"Field","name":{"kind":"Name","value":"skippedMessages"}},{"kind":"Field","name":{"kind":"Name","value":"lastSkippedMessage"}}]}}]} as unknown as DocumentNode<MailboxFieldsFragment, unknown>;
export const LeadFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"LeadFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Lead"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"workspaceId"}},{"kind":"Field","name":{"kind":"Name","value":"campaignId"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"vars"}},{"kind":"Field","name":{"kind":"Name","value":"timezone"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"stopReason"}},{"kind":"Field","name":{"kind":"Name","value":"interest"}},{"kind":"Field","name":{"kind":"Name","value":"wonAt"}},{"kind":"Field","name":{"kind":"Name","value":"dealValue"}},{"kind":"Field","name":{"kind":"Name","value":"note"}},{"kind":"Field","name":{"kind":"Name","value":"provider"}},{"kind":"Field","name":{"kind":"Name","value":"verification"}},{"kind":"Field","name":{"kind":"Name","value":"verifiedAt"}},{"kind":"Field","name":{"kind":"Name","value":"currentStep"}},{"kind":"Field","name":{"kind":"Name","value":"nextDueAt"}},{"kind":"Field","name":{"kind":"Name","value":"awayUntil"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"sendZone"}}]}}]} as unknown as DocumentNode<LeadFieldsFragment, unknown>;
export const PlacementCountsFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"PlacementCountsFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"PlacementCounts"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sent"}},{"kind":"Field","name":{"kind":"Name","value":"inbox"}},{"kind":"Field","name":{"kind":"Name","value":"category"}},{"kind":"Field","name":{"kind":"Name","value":"spam"}},{"kind":"Field","name":{"kind":"Name","value":"other"}},{"kind":"Field","name":{"kind":"Name","value":"missing"}},{"kind":"Field","name":{"kind":"Name","value":"failed"}},{"kind":"Field","name":{"kind":"Name","value":"inboxRate"}}]}}]} as unknown as DocumentNode<PlacementCountsFieldsFragment, unknown>;
export const PlacementTestFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"PlacementTestFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"PlacementTest"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"finishedAt"}},{"kind":"Field","name":{"kind":"Name","value":"waitMinutes"}},{"kind":"Field","name":{"kind":"Name","value":"content"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"campaignId"}},{"kind":"Field","name":{"kind":"Name","value":"step"}},{"kind":"Field","name":{"kind":"Name","value":"variant"}},{"kind":"Field","name":{"kind":"Name","value":"subject"}}]}},{"kind":"Field","name":{"kind":"Name","value":"summary"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"PlacementCountsFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"bySender"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"mailboxId"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"sent"}},{"kind":"Field","name":{"kind":"Name","value":"inbox"}},{"kind":"Field","name":{"kind":"Name","value":"category"}},{"kind":"Field","name":{"kind":"Name","value":"spam"}},{"kind":"Field","name":{"kind":"Name","value":"other"}},{"kind":"Field","name":{"kind":"Name","value":"missing"}},{"kind":"Field","name":{"kind":"Name","value":"failed"}},{"kind":"Field","name":{"kind":"Name","value":"inboxRate"}}]}},{"kind":"Field","name":{"kind":"Name","value":"byProvider"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"provider"}},{"kind":"Field","name":{"kind":"Name","value":"sent"}},{"kind":"Field","name":{"kind":"Name","value":"inbox"}},{"kind":"Field","name":{"kind":"Name","value":"category"}},{"kind":"Field","name":{"kind":"Name","value":"spam"}},{"kind":"Field","name":{"kind":"Name","value":"other"}},{"kind":"Field","name":{"kind":"Name","value":"missing"}},{"kind":"Field","name":{"kind":"Name","value":"failed"}},{"kind":"Field","name":{"kind":"Name","value":"inboxRate"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"PlacementCountsFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"PlacementCounts"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sent"}},{"kind":"Field","name":{"kind":"Name","value":"inbox"}},{"kind":"Field","name":{"kind":"Name","value":"category"}},{"kind":"Field","name":{"kind":"Name","value":"spam"}},{"kind":"Field","name":{"kind":"Name","value":"other"}},{"kind":"Field","name":{"kind":"Name","value":"missing"}},{"kind":"Field","name":{"kind":"Name","value":"failed"}},{"kind":"Field","name":{"kind":"Name","value":"inboxRate"}}]}}]} as unknown as DocumentNode<PlacementTestFieldsFragment, unknown>;
export const SubsequenceFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"SubsequenceFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Campaign"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"workspaceId"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"timezone"}},{"kind":"Field","name":{"kind":"Name","value":"days"}},{"kind":"Field","name":{"kind":"Name","value":"windowStart"}},{"kind":"Field","name":{"kind":"Name","value":"windowEnd"}},{"kind":"Field","name":{"kind":"Name","value":"dailyLimit"}},{"kind":"Field","name":{"kind":"Name","value":"maxNewLeadsPerDay"}},{"kind":"Field","name":{"kind":"Name","value":"stopOnReply"}},{"kind":"Field","name":{"kind":"Name","value":"openTracking"}},{"kind":"Field","name":{"kind":"Name","value":"tags"}},{"kind":"Field","name":{"kind":"Name","value":"parentCampaignId"}},{"kind":"Field","name":{"kind":"Name","value":"trigger"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"interest"}},{"kind":"Field","name":{"kind":"Name","value":"replyContains"}},{"kind":"Field","name":{"kind":"Name","value":"completed"}}]}}]}}]} as unknown as DocumentNode<SubsequenceFieldsFragment, unknown>;
export const WebhookFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"WebhookFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Webhook"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"events"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"enabled"}},{"kind":"Field","name":{"kind":"Name","value":"disabledAt"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}}]} as unknown as DocumentNode<WebhookFieldsFragment, unknown>;
export const WebhookDeliveryFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"WebhookDeliveryFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"WebhookDelivery"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"eventId"}},{"kind":"Field","name":{"kind":"Name","value":"event"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"attempts"}},{"kind":"Field","name":{"kind":"Name","value":"responseStatus"}},{"kind":"Field","name":{"kind":"Name","value":"error"}},{"kind":"Field","name":{"kind":"Name","value":"nextAttemptAt"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"deliveredAt"}}]}}]} as unknown as DocumentNode<WebhookDeliveryFieldsFragment, unknown>;
export const SignupDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"Signup"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"SignupInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"signup"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"token"}},{"kind":"Field","name":{"kind":"Name","value":"user"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"role"}}]}},{"kind":"Field","name":{"kind":"Name","value":"workspace"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"timezone"}},{"kind":"Field","name":{"kind":"Name","value":"recentContactDays"}}]}}]}}]}}]} as unknown as DocumentNode<SignupMutation, SignupMutationVariables>;
export const LoginDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"Login"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"LoginInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"login"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"token"}},{"kind":"Field","name":{"kind":"Name","value":"user"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"email"}}]}},{"kind":"Field","name":{"kind":"Name","value":"workspace"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]}}]} as unknown as DocumentNode<LoginMutation, LoginMutationVariables>;
export const SettingsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Settings"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"settings"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"workspace"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"timezone"}},{"kind":"Field","name":{"kind":"Name","value":"recentContactDays"}}]}},{"kind":"Field","name":{"kind":"Name","value":"user"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"role"}}]}},{"kind":"Field","name":{"kind":"Name","value":"verificationKeySet"}}]}}]}}]} as unknown as DocumentNode<SettingsQuery, SettingsQueryVariables>;
export const UpdateWorkspaceDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpdateWorkspace"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateWorkspaceInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateWorkspace"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"timezone"}},{"kind":"Field","name":{"kind":"Name","value":"recentContactDays"}}]}}]}}]} as unknown as DocumentNode<UpdateWorkspaceMutation, UpdateWorkspaceMutationVariables>;
export const ApiKeysDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ApiKeys"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"apiKeys"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"scopes"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"lastUsedAt"}}]}}]}}]} as unknown as DocumentNode<ApiKeysQuery, ApiKeysQueryVariables>;
export const CreateApiKeyDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateApiKey"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateApiKeyInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createApiKey"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"scopes"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}}]}}]} as unknown as DocumentNode<CreateApiKeyMutation, CreateApiKeyMutationVariables>;
export const DeleteApiKeyDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"DeleteApiKey"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleteApiKey"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleted"}}]}}]}}]} as unknown as DocumentNode<DeleteApiKeyMutation, DeleteApiKeyMutationVariables>;
export const SetVerificationKeyDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"SetVerificationKey"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"VerificationKeyInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"setVerificationKey"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"verificationKeySet"}}]}}]}}]} as unknown as DocumentNode<SetVerificationKeyMutation, SetVerificationKeyMutationVariables>;
export const MembersDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Members"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"members"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"role"}}]}}]}}]} as unknown as DocumentNode<MembersQuery, MembersQueryVariables>;
export const CreateMemberDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateMember"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateMemberInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createMember"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"role"}}]}}]}}]} as unknown as DocumentNode<CreateMemberMutation, CreateMemberMutationVariables>;
export const DeleteMemberDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"DeleteMember"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleteMember"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleted"}}]}}]}}]} as unknown as DocumentNode<DeleteMemberMutation, DeleteMemberMutationVariables>;
export const AuditLogDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"AuditLog"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"limit"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"cursor"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"auditLog"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"Variable","name":{"kind":"Name","value":"limit"}}},{"kind":"Argument","name":{"kind":"Name","value":"cursor"},"value":{"kind":"Variable","name":{"kind":"Name","value":"cursor"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"at"}},{"kind":"Field","name":{"kind":"Name","value":"actor"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"operation"}},{"kind":"Field","name":{"kind":"Name","value":"targetId"}},{"kind":"Field","name":{"kind":"Name","value":"ip"}}]}},{"kind":"Field","name":{"kind":"Name","value":"nextCursor"}}]}}]}}]} as unknown as DocumentNode<AuditLogQuery, AuditLogQueryVariables>;
export const TwoCampaignChangesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"TwoCampaignChanges"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"name"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"limit"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"made"},"name":{"kind":"Name","value":"createCampaign"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"ObjectValue","fields":[{"kind":"ObjectField","name":{"kind":"Name","value":"name"},"value":{"kind":"Variable","name":{"kind":"Name","value":"name"}}}]}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}},{"kind":"Field","alias":{"kind":"Name","value":"changed"},"name":{"kind":"Name","value":"updateCampaign"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"ObjectValue","fields":[{"kind":"ObjectField","name":{"kind":"Name","value":"dailyLimit"},"value":{"kind":"Variable","name":{"kind":"Name","value":"limit"}}}]}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}},{"kind":"Field","alias":{"kind":"Name","value":"again"},"name":{"kind":"Name","value":"updateCampaign"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"ObjectValue","fields":[{"kind":"ObjectField","name":{"kind":"Name","value":"dailyLimit"},"value":{"kind":"Variable","name":{"kind":"Name","value":"limit"}}}]}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]} as unknown as DocumentNode<TwoCampaignChangesMutation, TwoCampaignChangesMutationVariables>;
export const JobDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Job"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"job"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"progress"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"done"}},{"kind":"Field","name":{"kind":"Name","value":"total"}}]}},{"kind":"Field","name":{"kind":"Name","value":"result"}},{"kind":"Field","name":{"kind":"Name","value":"error"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"finishedAt"}}]}}]}}]} as unknown as DocumentNode<JobQuery, JobQueryVariables>;
export const JobsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Jobs"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"limit"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"cursor"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"jobs"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"Variable","name":{"kind":"Name","value":"limit"}}},{"kind":"Argument","name":{"kind":"Name","value":"cursor"},"value":{"kind":"Variable","name":{"kind":"Name","value":"cursor"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}},{"kind":"Field","name":{"kind":"Name","value":"nextCursor"}}]}}]}}]} as unknown as DocumentNode<JobsQuery, JobsQueryVariables>;
export const BlocklistDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Blocklist"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"query"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"BlocklistQueryInput"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"blocklist"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"query"},"value":{"kind":"Variable","name":{"kind":"Name","value":"query"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"workspaceId"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"reason"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}}]}}]}}]} as unknown as DocumentNode<BlocklistQuery, BlocklistQueryVariables>;
export const AddToBlocklistDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"AddToBlocklist"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"AddToBlocklistInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"addToBlocklist"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"added"}}]}}]}}]} as unknown as DocumentNode<AddToBlocklistMutation, AddToBlocklistMutationVariables>;
export const ImportBlocklistDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ImportBlocklist"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"csv"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"importBlocklist"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"csv"},"value":{"kind":"Variable","name":{"kind":"Name","value":"csv"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"added"}},{"kind":"Field","name":{"kind":"Name","value":"already"}},{"kind":"Field","name":{"kind":"Name","value":"invalid"}}]}}]}}]} as unknown as DocumentNode<ImportBlocklistMutation, ImportBlocklistMutationVariables>;
export const DeleteBlocklistEntryDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"DeleteBlocklistEntry"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"email"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleteBlocklistEntry"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"email"},"value":{"kind":"Variable","name":{"kind":"Name","value":"email"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleted"}}]}}]}}]} as unknown as DocumentNode<DeleteBlocklistEntryMutation, DeleteBlocklistEntryMutationVariables>;
export const CampaignBounceProtectionDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"CampaignBounceProtection"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"campaign"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"bounceProtect"}},{"kind":"Field","name":{"kind":"Name","value":"pausedReason"}}]}}]}}]} as unknown as DocumentNode<CampaignBounceProtectionQuery, CampaignBounceProtectionQueryVariables>;
export const SetBounceProtectDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"SetBounceProtect"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateCampaignInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateCampaign"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"bounceProtect"}},{"kind":"Field","name":{"kind":"Name","value":"pausedReason"}}]}}]}}]} as unknown as DocumentNode<SetBounceProtectMutation, SetBounceProtectMutationVariables>;
export const CampaignSendingReasonsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"CampaignSendingReasons"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"campaignSendingStatus"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sending"}},{"kind":"Field","name":{"kind":"Name","value":"reasons"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"text"}},{"kind":"Field","name":{"kind":"Name","value":"details"}}]}}]}}]}}]} as unknown as DocumentNode<CampaignSendingReasonsQuery, CampaignSendingReasonsQueryVariables>;
export const CampaignActivityDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"CampaignActivity"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"page"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"ActivityPageInput"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"campaignActivity"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"page"},"value":{"kind":"Variable","name":{"kind":"Name","value":"page"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"rows"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"at"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"step"}},{"kind":"Field","name":{"kind":"Name","value":"variant"}},{"kind":"Field","name":{"kind":"Name","value":"mailbox"}},{"kind":"Field","name":{"kind":"Name","value":"detail"}}]}},{"kind":"Field","name":{"kind":"Name","value":"more"}}]}}]}}]} as unknown as DocumentNode<CampaignActivityQuery, CampaignActivityQueryVariables>;
export const CampaignBouncesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"CampaignBounces"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"page"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"ActivityPageInput"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"campaignBounces"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"page"},"value":{"kind":"Variable","name":{"kind":"Name","value":"page"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"rows"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"at"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"mailbox"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"category"}},{"kind":"Field","name":{"kind":"Name","value":"reason"}}]}},{"kind":"Field","name":{"kind":"Name","value":"more"}}]}}]}}]} as unknown as DocumentNode<CampaignBouncesQuery, CampaignBouncesQueryVariables>;
export const PreviewCampaignDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"PreviewCampaign"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"PreviewInput"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"previewCampaign"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"lead"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"email"}}]}},{"kind":"Field","name":{"kind":"Name","value":"from"}},{"kind":"Field","name":{"kind":"Name","value":"steps"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"subject"}},{"kind":"Field","name":{"kind":"Name","value":"text"}},{"kind":"Field","name":{"kind":"Name","value":"blanks"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"source"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"notes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"text"}}]}}]}}]}}]} as unknown as DocumentNode<PreviewCampaignMutation, PreviewCampaignMutationVariables>;
export const CampaignMergeCheckDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"CampaignMergeCheck"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"campaignMergeCheck"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"source"}},{"kind":"Field","name":{"kind":"Name","value":"blank"}},{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","name":{"kind":"Name","value":"steps"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"position"}},{"kind":"Field","name":{"kind":"Name","value":"variant"}}]}}]}}]}}]} as unknown as DocumentNode<CampaignMergeCheckQuery, CampaignMergeCheckQueryVariables>;
export const CampaignCopyCheckDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"CampaignCopyCheck"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"campaignCopyCheck"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"position"}},{"kind":"Field","name":{"kind":"Name","value":"variant"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"terms"}}]}}]}}]} as unknown as DocumentNode<CampaignCopyCheckQuery, CampaignCopyCheckQueryVariables>;
export const CampaignDiagnosisDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"CampaignDiagnosis"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"campaignDiagnosis"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"problems"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"severity"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"text"}},{"kind":"Field","name":{"kind":"Name","value":"fix"}}]}}]}}]}}]} as unknown as DocumentNode<CampaignDiagnosisQuery, CampaignDiagnosisQueryVariables>;
export const CampaignStatsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"CampaignStats"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"campaignStats"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"variants"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"step"}},{"kind":"Field","name":{"kind":"Name","value":"variant"}},{"kind":"Field","name":{"kind":"Name","value":"sent"}},{"kind":"Field","name":{"kind":"Name","value":"replies"}},{"kind":"Field","name":{"kind":"Name","value":"positive"}},{"kind":"Field","name":{"kind":"Name","value":"replyRate"}}]}},{"kind":"Field","name":{"kind":"Name","value":"byDay"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"day"}},{"kind":"Field","name":{"kind":"Name","value":"sent"}},{"kind":"Field","name":{"kind":"Name","value":"replies"}},{"kind":"Field","name":{"kind":"Name","value":"bounces"}},{"kind":"Field","name":{"kind":"Name","value":"pending"}},{"kind":"Field","name":{"kind":"Name","value":"future"}}]}},{"kind":"Field","name":{"kind":"Name","value":"leads"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","name":{"kind":"Name","value":"completed"}},{"kind":"Field","name":{"kind":"Name","value":"inSequence"}},{"kind":"Field","name":{"kind":"Name","value":"pending"}},{"kind":"Field","name":{"kind":"Name","value":"replied"}},{"kind":"Field","name":{"kind":"Name","value":"unsubscribed"}}]}},{"kind":"Field","name":{"kind":"Name","value":"sent"}},{"kind":"Field","name":{"kind":"Name","value":"oneOffSent"}},{"kind":"Field","name":{"kind":"Name","value":"opened"}},{"kind":"Field","name":{"kind":"Name","value":"clicked"}},{"kind":"Field","name":{"kind":"Name","value":"replied"}},{"kind":"Field","name":{"kind":"Name","value":"positive"}},{"kind":"Field","name":{"kind":"Name","value":"bounced"}},{"kind":"Field","name":{"kind":"Name","value":"autoReplies"}},{"kind":"Field","name":{"kind":"Name","value":"unsubscribed"}},{"kind":"Field","name":{"kind":"Name","value":"sequenceStarted"}},{"kind":"Field","name":{"kind":"Name","value":"openTracking"}},{"kind":"Field","name":{"kind":"Name","value":"clickTracking"}},{"kind":"Field","name":{"kind":"Name","value":"opportunities"}},{"kind":"Field","name":{"kind":"Name","value":"opportunitiesValue"}},{"kind":"Field","name":{"kind":"Name","value":"conversions"}},{"kind":"Field","name":{"kind":"Name","value":"conversionsValue"}}]}}]}}]} as unknown as DocumentNode<CampaignStatsQuery, CampaignStatsQueryVariables>;
export const CampaignsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Campaigns"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"campaigns"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"CampaignFields"}},{"kind":"Field","name":{"kind":"Name","value":"leadsPending"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"CampaignFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Campaign"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"workspaceId"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"timezone"}},{"kind":"Field","name":{"kind":"Name","value":"days"}},{"kind":"Field","name":{"kind":"Name","value":"windowStart"}},{"kind":"Field","name":{"kind":"Name","value":"windowEnd"}},{"kind":"Field","name":{"kind":"Name","value":"windows"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"days"}},{"kind":"Field","name":{"kind":"Name","value":"start"}},{"kind":"Field","name":{"kind":"Name","value":"end"}}]}},{"kind":"Field","name":{"kind":"Name","value":"leadTimezone"}},{"kind":"Field","name":{"kind":"Name","value":"dailyLimit"}},{"kind":"Field","name":{"kind":"Name","value":"maxNewLeadsPerDay"}},{"kind":"Field","name":{"kind":"Name","value":"prioritizeNew"}},{"kind":"Field","name":{"kind":"Name","value":"skipRisky"}},{"kind":"Field","name":{"kind":"Name","value":"dealValue"}},{"kind":"Field","name":{"kind":"Name","value":"stopOnReply"}},{"kind":"Field","name":{"kind":"Name","value":"stopOnAutoReply"}},{"kind":"Field","name":{"kind":"Name","value":"openTracking"}},{"kind":"Field","name":{"kind":"Name","value":"clickTracking"}},{"kind":"Field","name":{"kind":"Name","value":"unsubHeader"}},{"kind":"Field","name":{"kind":"Name","value":"textOnly"}},{"kind":"Field","name":{"kind":"Name","value":"companyReplyStop"}},{"kind":"Field","name":{"kind":"Name","value":"providerMatching"}},{"kind":"Field","name":{"kind":"Name","value":"abWinnerMetric"}},{"kind":"Field","name":{"kind":"Name","value":"abOptimizeAfter"}},{"kind":"Field","name":{"kind":"Name","value":"cc"}},{"kind":"Field","name":{"kind":"Name","value":"bcc"}},{"kind":"Field","name":{"kind":"Name","value":"tags"}},{"kind":"Field","name":{"kind":"Name","value":"mailboxTags"}},{"kind":"Field","name":{"kind":"Name","value":"startDate"}},{"kind":"Field","name":{"kind":"Name","value":"endDate"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"bounceProtect"}},{"kind":"Field","name":{"kind":"Name","value":"pausedReason"}}]}}]} as unknown as DocumentNode<CampaignsQuery, CampaignsQueryVariables>;
export const CampaignDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Campaign"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"campaign"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"CampaignFields"}},{"kind":"Field","name":{"kind":"Name","value":"mailboxIds"}},{"kind":"Field","name":{"kind":"Name","value":"steps"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"campaignId"}},{"kind":"Field","name":{"kind":"Name","value":"position"}},{"kind":"Field","name":{"kind":"Name","value":"waitMinutes"}},{"kind":"Field","name":{"kind":"Name","value":"variants"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"subject"}},{"kind":"Field","name":{"kind":"Name","value":"body"}},{"kind":"Field","name":{"kind":"Name","value":"enabled"}}]}},{"kind":"Field","name":{"kind":"Name","value":"task"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"text"}}]}},{"kind":"Field","name":{"kind":"Name","value":"condition"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"CampaignFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Campaign"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"workspaceId"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"timezone"}},{"kind":"Field","name":{"kind":"Name","value":"days"}},{"kind":"Field","name":{"kind":"Name","value":"windowStart"}},{"kind":"Field","name":{"kind":"Name","value":"windowEnd"}},{"kind":"Field","name":{"kind":"Name","value":"windows"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"days"}},{"kind":"Field","name":{"kind":"Name","value":"start"}},{"kind":"Field","name":{"kind":"Name","value":"end"}}]}},{"kind":"Field","name":{"kind":"Name","value":"leadTimezone"}},{"kind":"Field","name":{"kind":"Name","value":"dailyLimit"}},{"kind":"Field","name":{"kind":"Name","value":"maxNewLeadsPerDay"}},{"kind":"Field","name":{"kind":"Name","value":"prioritizeNew"}},{"kind":"Field","name":{"kind":"Name","value":"skipRisky"}},{"kind":"Field","name":{"kind":"Name","value":"dealValue"}},{"kind":"Field","name":{"kind":"Name","value":"stopOnReply"}},{"kind":"Field","name":{"kind":"Name","value":"stopOnAutoReply"}},{"kind":"Field","name":{"kind":"Name","value":"openTracking"}},{"kind":"Field","name":{"kind":"Name","value":"clickTracking"}},{"kind":"Field","name":{"kind":"Name","value":"unsubHeader"}},{"kind":"Field","name":{"kind":"Name","value":"textOnly"}},{"kind":"Field","name":{"kind":"Name","value":"companyReplyStop"}},{"kind":"Field","name":{"kind":"Name","value":"providerMatching"}},{"kind":"Field","name":{"kind":"Name","value":"abWinnerMetric"}},{"kind":"Field","name":{"kind":"Name","value":"abOptimizeAfter"}},{"kind":"Field","name":{"kind":"Name","value":"cc"}},{"kind":"Field","name":{"kind":"Name","value":"bcc"}},{"kind":"Field","name":{"kind":"Name","value":"tags"}},{"kind":"Field","name":{"kind":"Name","value":"mailboxTags"}},{"kind":"Field","name":{"kind":"Name","value":"startDate"}},{"kind":"Field","name":{"kind":"Name","value":"endDate"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"bounceProtect"}},{"kind":"Field","name":{"kind":"Name","value":"pausedReason"}}]}}]} as unknown as DocumentNode<CampaignQuery, CampaignQueryVariables>;
export const CreateCampaignDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateCampaign"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateCampaignInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createCampaign"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"CampaignFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"CampaignFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Campaign"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"workspaceId"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"timezone"}},{"kind":"Field","name":{"kind":"Name","value":"days"}},{"kind":"Field","name":{"kind":"Name","value":"windowStart"}},{"kind":"Field","name":{"kind":"Name","value":"windowEnd"}},{"kind":"Field","name":{"kind":"Name","value":"windows"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"days"}},{"kind":"Field","name":{"kind":"Name","value":"start"}},{"kind":"Field","name":{"kind":"Name","value":"end"}}]}},{"kind":"Field","name":{"kind":"Name","value":"leadTimezone"}},{"kind":"Field","name":{"kind":"Name","value":"dailyLimit"}},{"kind":"Field","name":{"kind":"Name","value":"maxNewLeadsPerDay"}},{"kind":"Field","name":{"kind":"Name","value":"prioritizeNew"}},{"kind":"Field","name":{"kind":"Name","value":"skipRisky"}},{"kind":"Field","name":{"kind":"Name","value":"dealValue"}},{"kind":"Field","name":{"kind":"Name","value":"stopOnReply"}},{"kind":"Field","name":{"kind":"Name","value":"stopOnAutoReply"}},{"kind":"Field","name":{"kind":"Name","value":"openTracking"}},{"kind":"Field","name":{"kind":"Name","value":"clickTracking"}},{"kind":"Field","name":{"kind":"Name","value":"unsubHeader"}},{"kind":"Field","name":{"kind":"Name","value":"textOnly"}},{"kind":"Field","name":{"kind":"Name","value":"companyReplyStop"}},{"kind":"Field","name":{"kind":"Name","value":"providerMatching"}},{"kind":"Field","name":{"kind":"Name","value":"abWinnerMetric"}},{"kind":"Field","name":{"kind":"Name","value":"abOptimizeAfter"}},{"kind":"Field","name":{"kind":"Name","value":"cc"}},{"kind":"Field","name":{"kind":"Name","value":"bcc"}},{"kind":"Field","name":{"kind":"Name","value":"tags"}},{"kind":"Field","name":{"kind":"Name","value":"mailboxTags"}},{"kind":"Field","name":{"kind":"Name","value":"startDate"}},{"kind":"Field","name":{"kind":"Name","value":"endDate"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"bounceProtect"}},{"kind":"Field","name":{"kind":"Name","value":"pausedReason"}}]}}]} as unknown as DocumentNode<CreateCampaignMutation, CreateCampaignMutationVariables>;
export const UpdateCampaignDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpdateCampaign"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateCampaignInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateCampaign"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"CampaignFields"}},{"kind":"Field","name":{"kind":"Name","value":"mailboxIds"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"CampaignFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Campaign"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"workspaceId"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"timezone"}},{"kind":"Field","name":{"kind":"Name","value":"days"}},{"kind":"Field","name":{"kind":"Name","value":"windowStart"}},{"kind":"Field","name":{"kind":"Name","value":"windowEnd"}},{"kind":"Field","name":{"kind":"Name","value":"windows"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"days"}},{"kind":"Field","name":{"kind":"Name","value":"start"}},{"kind":"Field","name":{"kind":"Name","value":"end"}}]}},{"kind":"Field","name":{"kind":"Name","value":"leadTimezone"}},{"kind":"Field","name":{"kind":"Name","value":"dailyLimit"}},{"kind":"Field","name":{"kind":"Name","value":"maxNewLeadsPerDay"}},{"kind":"Field","name":{"kind":"Name","value":"prioritizeNew"}},{"kind":"Field","name":{"kind":"Name","value":"skipRisky"}},{"kind":"Field","name":{"kind":"Name","value":"dealValue"}},{"kind":"Field","name":{"kind":"Name","value":"stopOnReply"}},{"kind":"Field","name":{"kind":"Name","value":"stopOnAutoReply"}},{"kind":"Field","name":{"kind":"Name","value":"openTracking"}},{"kind":"Field","name":{"kind":"Name","value":"clickTracking"}},{"kind":"Field","name":{"kind":"Name","value":"unsubHeader"}},{"kind":"Field","name":{"kind":"Name","value":"textOnly"}},{"kind":"Field","name":{"kind":"Name","value":"companyReplyStop"}},{"kind":"Field","name":{"kind":"Name","value":"providerMatching"}},{"kind":"Field","name":{"kind":"Name","value":"abWinnerMetric"}},{"kind":"Field","name":{"kind":"Name","value":"abOptimizeAfter"}},{"kind":"Field","name":{"kind":"Name","value":"cc"}},{"kind":"Field","name":{"kind":"Name","value":"bcc"}},{"kind":"Field","name":{"kind":"Name","value":"tags"}},{"kind":"Field","name":{"kind":"Name","value":"mailboxTags"}},{"kind":"Field","name":{"kind":"Name","value":"startDate"}},{"kind":"Field","name":{"kind":"Name","value":"endDate"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"bounceProtect"}},{"kind":"Field","name":{"kind":"Name","value":"pausedReason"}}]}}]} as unknown as DocumentNode<UpdateCampaignMutation, UpdateCampaignMutationVariables>;
export const DeleteCampaignDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"DeleteCampaign"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleteCampaign"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleted"}}]}}]}}]} as unknown as DocumentNode<DeleteCampaignMutation, DeleteCampaignMutationVariables>;
export const ActivateCampaignDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ActivateCampaign"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"activateCampaign"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"warnings"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"text"}}]}}]}}]}}]} as unknown as DocumentNode<ActivateCampaignMutation, ActivateCampaignMutationVariables>;
export const PauseCampaignDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"PauseCampaign"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"pauseCampaign"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}}]} as unknown as DocumentNode<PauseCampaignMutation, PauseCampaignMutationVariables>;
export const DuplicateCampaignDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"DuplicateCampaign"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"duplicateCampaign"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"CampaignFields"}},{"kind":"Field","name":{"kind":"Name","value":"mailboxIds"}},{"kind":"Field","name":{"kind":"Name","value":"steps"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"position"}},{"kind":"Field","name":{"kind":"Name","value":"waitMinutes"}},{"kind":"Field","name":{"kind":"Name","value":"variants"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"subject"}},{"kind":"Field","name":{"kind":"Name","value":"body"}},{"kind":"Field","name":{"kind":"Name","value":"enabled"}}]}},{"kind":"Field","name":{"kind":"Name","value":"task"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"text"}}]}},{"kind":"Field","name":{"kind":"Name","value":"condition"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"CampaignFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Campaign"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"workspaceId"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"timezone"}},{"kind":"Field","name":{"kind":"Name","value":"days"}},{"kind":"Field","name":{"kind":"Name","value":"windowStart"}},{"kind":"Field","name":{"kind":"Name","value":"windowEnd"}},{"kind":"Field","name":{"kind":"Name","value":"windows"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"days"}},{"kind":"Field","name":{"kind":"Name","value":"start"}},{"kind":"Field","name":{"kind":"Name","value":"end"}}]}},{"kind":"Field","name":{"kind":"Name","value":"leadTimezone"}},{"kind":"Field","name":{"kind":"Name","value":"dailyLimit"}},{"kind":"Field","name":{"kind":"Name","value":"maxNewLeadsPerDay"}},{"kind":"Field","name":{"kind":"Name","value":"prioritizeNew"}},{"kind":"Field","name":{"kind":"Name","value":"skipRisky"}},{"kind":"Field","name":{"kind":"Name","value":"dealValue"}},{"kind":"Field","name":{"kind":"Name","value":"stopOnReply"}},{"kind":"Field","name":{"kind":"Name","value":"stopOnAutoReply"}},{"kind":"Field","name":{"kind":"Name","value":"openTracking"}},{"kind":"Field","name":{"kind":"Name","value":"clickTracking"}},{"kind":"Field","name":{"kind":"Name","value":"unsubHeader"}},{"kind":"Field","name":{"kind":"Name","value":"textOnly"}},{"kind":"Field","name":{"kind":"Name","value":"companyReplyStop"}},{"kind":"Field","name":{"kind":"Name","value":"providerMatching"}},{"kind":"Field","name":{"kind":"Name","value":"abWinnerMetric"}},{"kind":"Field","name":{"kind":"Name","value":"abOptimizeAfter"}},{"kind":"Field","name":{"kind":"Name","value":"cc"}},{"kind":"Field","name":{"kind":"Name","value":"bcc"}},{"kind":"Field","name":{"kind":"Name","value":"tags"}},{"kind":"Field","name":{"kind":"Name","value":"mailboxTags"}},{"kind":"Field","name":{"kind":"Name","value":"startDate"}},{"kind":"Field","name":{"kind":"Name","value":"endDate"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"bounceProtect"}},{"kind":"Field","name":{"kind":"Name","value":"pausedReason"}}]}}]} as unknown as DocumentNode<DuplicateCampaignMutation, DuplicateCampaignMutationVariables>;
export const BlocksDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Blocks"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"campaignId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"blocks"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"campaignId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"campaignId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"BlockFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"BlockFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Block"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"template"}},{"kind":"Field","name":{"kind":"Name","value":"maxChars"}},{"kind":"Field","name":{"kind":"Name","value":"running"}},{"kind":"Field","name":{"kind":"Name","value":"runTotal"}},{"kind":"Field","name":{"kind":"Name","value":"runLeft"}},{"kind":"Field","name":{"kind":"Name","value":"runNote"}},{"kind":"Field","name":{"kind":"Name","value":"done"}},{"kind":"Field","name":{"kind":"Name","value":"failed"}},{"kind":"Field","name":{"kind":"Name","value":"flagged"}},{"kind":"Field","name":{"kind":"Name","value":"edited"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}}]} as unknown as DocumentNode<BlocksQuery, BlocksQueryVariables>;
export const BlockCellsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"BlockCells"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"campaignId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"leadIds"}},"type":{"kind":"NonNullType","type":{"kind":"ListType","type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"blockCells"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"campaignId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"campaignId"}}},{"kind":"Argument","name":{"kind":"Name","value":"leadIds"},"value":{"kind":"Variable","name":{"kind":"Name","value":"leadIds"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"blockId"}},{"kind":"Field","name":{"kind":"Name","value":"leadId"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"note"}},{"kind":"Field","name":{"kind":"Name","value":"review"}},{"kind":"Field","name":{"kind":"Name","value":"queued"}}]}}]}}]} as unknown as DocumentNode<BlockCellsQuery, BlockCellsQueryVariables>;
export const CreateBlockDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateBlock"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"campaignId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateBlockInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createBlock"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"campaignId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"campaignId"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"BlockFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"BlockFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Block"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"template"}},{"kind":"Field","name":{"kind":"Name","value":"maxChars"}},{"kind":"Field","name":{"kind":"Name","value":"running"}},{"kind":"Field","name":{"kind":"Name","value":"runTotal"}},{"kind":"Field","name":{"kind":"Name","value":"runLeft"}},{"kind":"Field","name":{"kind":"Name","value":"runNote"}},{"kind":"Field","name":{"kind":"Name","value":"done"}},{"kind":"Field","name":{"kind":"Name","value":"failed"}},{"kind":"Field","name":{"kind":"Name","value":"flagged"}},{"kind":"Field","name":{"kind":"Name","value":"edited"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}}]} as unknown as DocumentNode<CreateBlockMutation, CreateBlockMutationVariables>;
export const PreviewBlockDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"PreviewBlock"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"campaignId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateBlockInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"previewBlock"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"campaignId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"campaignId"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"rows"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"leadId"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"value"}},{"kind":"Field","name":{"kind":"Name","value":"note"}},{"kind":"Field","name":{"kind":"Name","value":"review"}},{"kind":"Field","name":{"kind":"Name","value":"input"}}]}}]}}]}}]} as unknown as DocumentNode<PreviewBlockMutation, PreviewBlockMutationVariables>;
export const UpdateBlockDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpdateBlock"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateBlockInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateBlock"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"BlockFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"BlockFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Block"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"template"}},{"kind":"Field","name":{"kind":"Name","value":"maxChars"}},{"kind":"Field","name":{"kind":"Name","value":"running"}},{"kind":"Field","name":{"kind":"Name","value":"runTotal"}},{"kind":"Field","name":{"kind":"Name","value":"runLeft"}},{"kind":"Field","name":{"kind":"Name","value":"runNote"}},{"kind":"Field","name":{"kind":"Name","value":"done"}},{"kind":"Field","name":{"kind":"Name","value":"failed"}},{"kind":"Field","name":{"kind":"Name","value":"flagged"}},{"kind":"Field","name":{"kind":"Name","value":"edited"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}}]} as unknown as DocumentNode<UpdateBlockMutation, UpdateBlockMutationVariables>;
export const RunBlockDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RunBlock"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"RunBlockInput"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"runBlock"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"running"}},{"kind":"Field","name":{"kind":"Name","value":"runTotal"}}]}}]}}]} as unknown as DocumentNode<RunBlockMutation, RunBlockMutationVariables>;
export const DeleteBlockDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"DeleteBlock"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleteBlock"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleted"}}]}}]}}]} as unknown as DocumentNode<DeleteBlockMutation, DeleteBlockMutationVariables>;
export const UpdateBlockCellDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpdateBlockCell"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"leadId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateBlockCellInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateBlockCell"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"leadId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"leadId"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"blockId"}},{"kind":"Field","name":{"kind":"Name","value":"leadId"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"note"}},{"kind":"Field","name":{"kind":"Name","value":"review"}},{"kind":"Field","name":{"kind":"Name","value":"queued"}}]}}]}}]} as unknown as DocumentNode<UpdateBlockCellMutation, UpdateBlockCellMutationVariables>;
export const DmarcReportDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"DmarcReport"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"days"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"dmarcReport"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"days"},"value":{"kind":"Variable","name":{"kind":"Name","value":"days"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"reportAddress"}},{"kind":"Field","name":{"kind":"Name","value":"windowDays"}},{"kind":"Field","name":{"kind":"Name","value":"summary"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"reports"}},{"kind":"Field","name":{"kind":"Name","value":"messages"}},{"kind":"Field","name":{"kind":"Name","value":"passed"}},{"kind":"Field","name":{"kind":"Name","value":"dkimPassed"}},{"kind":"Field","name":{"kind":"Name","value":"spfPassed"}},{"kind":"Field","name":{"kind":"Name","value":"quarantined"}},{"kind":"Field","name":{"kind":"Name","value":"rejected"}},{"kind":"Field","name":{"kind":"Name","value":"sources"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"ip"}},{"kind":"Field","name":{"kind":"Name","value":"count"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"latest"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"org"}},{"kind":"Field","name":{"kind":"Name","value":"reportId"}},{"kind":"Field","name":{"kind":"Name","value":"begin"}},{"kind":"Field","name":{"kind":"Name","value":"end"}},{"kind":"Field","name":{"kind":"Name","value":"messages"}}]}}]}}]}}]} as unknown as DocumentNode<DmarcReportQuery, DmarcReportQueryVariables>;
export const SetDmarcReportAddressDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"SetDmarcReportAddress"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"DmarcReportAddressInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"setDmarcReportAddress"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"reportAddress"}}]}}]}}]} as unknown as DocumentNode<SetDmarcReportAddressMutation, SetDmarcReportAddressMutationVariables>;
export const TestMailboxDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"TestMailbox"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"testMailbox"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"smtp"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"ok"}},{"kind":"Field","name":{"kind":"Name","value":"detail"}}]}},{"kind":"Field","name":{"kind":"Name","value":"imap"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"ok"}},{"kind":"Field","name":{"kind":"Name","value":"detail"}}]}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}}]} as unknown as DocumentNode<TestMailboxMutation, TestMailboxMutationVariables>;
export const DomainHealthDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"DomainHealth"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"selector"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"domainHealth"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"selector"},"value":{"kind":"Variable","name":{"kind":"Name","value":"selector"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"checkedAt"}},{"kind":"Field","name":{"kind":"Name","value":"domains"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"domain"}},{"kind":"Field","name":{"kind":"Name","value":"checks"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"label"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"detail"}},{"kind":"Field","name":{"kind":"Name","value":"fix"}},{"kind":"Field","name":{"kind":"Name","value":"value"}}]}}]}}]}}]}}]} as unknown as DocumentNode<DomainHealthQuery, DomainHealthQueryVariables>;
export const MailboxesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Mailboxes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"mailboxes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"MailboxFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"MailboxFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Mailbox"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"workspaceId"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"fromName"}},{"kind":"Field","name":{"kind":"Name","value":"smtpHost"}},{"kind":"Field","name":{"kind":"Name","value":"smtpPort"}},{"kind":"Field","name":{"kind":"Name","value":"smtpSecure"}},{"kind":"Field","name":{"kind":"Name","value":"imapHost"}},{"kind":"Field","name":{"kind":"Name","value":"imapPort"}},{"kind":"Field","name":{"kind":"Name","value":"username"}},{"kind":"Field","name":{"kind":"Name","value":"dailyCap"}},{"kind":"Field","name":{"kind":"Name","value":"rampStart"}},{"kind":"Field","name":{"kind":"Name","value":"rampIncrement"}},{"kind":"Field","name":{"kind":"Name","value":"rampStartedAt"}},{"kind":"Field","name":{"kind":"Name","value":"minGapMinutes"}},{"kind":"Field","name":{"kind":"Name","value":"gapJitterMinutes"}},{"kind":"Field","name":{"kind":"Name","value":"signature"}},{"kind":"Field","name":{"kind":"Name","value":"tags"}},{"kind":"Field","name":{"kind":"Name","value":"domainDailyCap"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"lastError"}},{"kind":"Field","name":{"kind":"Name","value":"backoffUntil"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"sentToday"}},{"kind":"Field","name":{"kind":"Name","value":"capToday"}},{"kind":"Field","name":{"kind":"Name","value":"rampShare"}},{"kind":"Field","name":{"kind":"Name","value":"skippedMessages"}},{"kind":"Field","name":{"kind":"Name","value":"lastSkippedMessage"}}]}}]} as unknown as DocumentNode<MailboxesQuery, MailboxesQueryVariables>;
export const MailboxDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Mailbox"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"mailbox"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"MailboxFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"MailboxFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Mailbox"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"workspaceId"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"fromName"}},{"kind":"Field","name":{"kind":"Name","value":"smtpHost"}},{"kind":"Field","name":{"kind":"Name","value":"smtpPort"}},{"kind":"Field","name":{"kind":"Name","value":"smtpSecure"}},{"kind":"Field","name":{"kind":"Name","value":"imapHost"}},{"kind":"Field","name":{"kind":"Name","value":"imapPort"}},{"kind":"Field","name":{"kind":"Name","value":"username"}},{"kind":"Field","name":{"kind":"Name","value":"dailyCap"}},{"kind":"Field","name":{"kind":"Name","value":"rampStart"}},{"kind":"Field","name":{"kind":"Name","value":"rampIncrement"}},{"kind":"Field","name":{"kind":"Name","value":"rampStartedAt"}},{"kind":"Field","name":{"kind":"Name","value":"minGapMinutes"}},{"kind":"Field","name":{"kind":"Name","value":"gapJitterMinutes"}},{"kind":"Field","name":{"kind":"Name","value":"signature"}},{"kind":"Field","name":{"kind":"Name","value":"tags"}},{"kind":"Field","name":{"kind":"Name","value":"domainDailyCap"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"lastError"}},{"kind":"Field","name":{"kind":"Name","value":"backoffUntil"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"sentToday"}},{"kind":"Field","name":{"kind":"Name","value":"capToday"}},{"kind":"Field","name":{"kind":"Name","value":"rampShare"}},{"kind":"Field","name":{"kind":"Name","value":"skippedMessages"}},{"kind":"Field","name":{"kind":"Name","value":"lastSkippedMessage"}}]}}]} as unknown as DocumentNode<MailboxQuery, MailboxQueryVariables>;
export const MailboxScoresDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"MailboxScores"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"mailboxScores"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"mailboxId"}},{"kind":"Field","name":{"kind":"Name","value":"score"}},{"kind":"Field","name":{"kind":"Name","value":"enoughSends"}},{"kind":"Field","name":{"kind":"Name","value":"parts"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"bounces"}},{"kind":"Field","name":{"kind":"Name","value":"replies"}},{"kind":"Field","name":{"kind":"Name","value":"placement"}},{"kind":"Field","name":{"kind":"Name","value":"errors"}}]}},{"kind":"Field","name":{"kind":"Name","value":"inputs"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sent"}},{"kind":"Field","name":{"kind":"Name","value":"failed"}},{"kind":"Field","name":{"kind":"Name","value":"bounced"}},{"kind":"Field","name":{"kind":"Name","value":"replied"}},{"kind":"Field","name":{"kind":"Name","value":"placement"}}]}}]}}]}}]} as unknown as DocumentNode<MailboxScoresQuery, MailboxScoresQueryVariables>;
export const CreateMailboxDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateMailbox"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateMailboxInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createMailbox"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"MailboxFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"MailboxFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Mailbox"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"workspaceId"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"fromName"}},{"kind":"Field","name":{"kind":"Name","value":"smtpHost"}},{"kind":"Field","name":{"kind":"Name","value":"smtpPort"}},{"kind":"Field","name":{"kind":"Name","value":"smtpSecure"}},{"kind":"Field","name":{"kind":"Name","value":"imapHost"}},{"kind":"Field","name":{"kind":"Name","value":"imapPort"}},{"kind":"Field","name":{"kind":"Name","value":"username"}},{"kind":"Field","name":{"kind":"Name","value":"dailyCap"}},{"kind":"Field","name":{"kind":"Name","value":"rampStart"}},{"kind":"Field","name":{"kind":"Name","value":"rampIncrement"}},{"kind":"Field","name":{"kind":"Name","value":"rampStartedAt"}},{"kind":"Field","name":{"kind":"Name","value":"minGapMinutes"}},{"kind":"Field","name":{"kind":"Name","value":"gapJitterMinutes"}},{"kind":"Field","name":{"kind":"Name","value":"signature"}},{"kind":"Field","name":{"kind":"Name","value":"tags"}},{"kind":"Field","name":{"kind":"Name","value":"domainDailyCap"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"lastError"}},{"kind":"Field","name":{"kind":"Name","value":"backoffUntil"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"sentToday"}},{"kind":"Field","name":{"kind":"Name","value":"capToday"}},{"kind":"Field","name":{"kind":"Name","value":"rampShare"}},{"kind":"Field","name":{"kind":"Name","value":"skippedMessages"}},{"kind":"Field","name":{"kind":"Name","value":"lastSkippedMessage"}}]}}]} as unknown as DocumentNode<CreateMailboxMutation, CreateMailboxMutationVariables>;
export const UpdateMailboxDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpdateMailbox"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateMailboxInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateMailbox"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"MailboxFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"MailboxFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Mailbox"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"workspaceId"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"fromName"}},{"kind":"Field","name":{"kind":"Name","value":"smtpHost"}},{"kind":"Field","name":{"kind":"Name","value":"smtpPort"}},{"kind":"Field","name":{"kind":"Name","value":"smtpSecure"}},{"kind":"Field","name":{"kind":"Name","value":"imapHost"}},{"kind":"Field","name":{"kind":"Name","value":"imapPort"}},{"kind":"Field","name":{"kind":"Name","value":"username"}},{"kind":"Field","name":{"kind":"Name","value":"dailyCap"}},{"kind":"Field","name":{"kind":"Name","value":"rampStart"}},{"kind":"Field","name":{"kind":"Name","value":"rampIncrement"}},{"kind":"Field","name":{"kind":"Name","value":"rampStartedAt"}},{"kind":"Field","name":{"kind":"Name","value":"minGapMinutes"}},{"kind":"Field","name":{"kind":"Name","value":"gapJitterMinutes"}},{"kind":"Field","name":{"kind":"Name","value":"signature"}},{"kind":"Field","name":{"kind":"Name","value":"tags"}},{"kind":"Field","name":{"kind":"Name","value":"domainDailyCap"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"lastError"}},{"kind":"Field","name":{"kind":"Name","value":"backoffUntil"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"sentToday"}},{"kind":"Field","name":{"kind":"Name","value":"capToday"}},{"kind":"Field","name":{"kind":"Name","value":"rampShare"}},{"kind":"Field","name":{"kind":"Name","value":"skippedMessages"}},{"kind":"Field","name":{"kind":"Name","value":"lastSkippedMessage"}}]}}]} as unknown as DocumentNode<UpdateMailboxMutation, UpdateMailboxMutationVariables>;
export const BulkUpdateMailboxesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"BulkUpdateMailboxes"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"BulkUpdateMailboxesInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"bulkUpdateMailboxes"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"changed"}}]}}]}}]} as unknown as DocumentNode<BulkUpdateMailboxesMutation, BulkUpdateMailboxesMutationVariables>;
export const PauseMailboxDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"PauseMailbox"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"pauseMailbox"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}}]} as unknown as DocumentNode<PauseMailboxMutation, PauseMailboxMutationVariables>;
export const ResumeMailboxDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ResumeMailbox"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"resumeMailbox"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}}]} as unknown as DocumentNode<ResumeMailboxMutation, ResumeMailboxMutationVariables>;
export const DeleteMailboxDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"DeleteMailbox"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleteMailbox"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleted"}}]}}]}}]} as unknown as DocumentNode<DeleteMailboxMutation, DeleteMailboxMutationVariables>;
export const AddLeadsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"AddLeads"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"campaignId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"AddLeadsInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"addLeads"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"campaignId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"campaignId"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"inserted"}},{"kind":"Field","name":{"kind":"Name","value":"duplicates"}},{"kind":"Field","name":{"kind":"Name","value":"blocklisted"}},{"kind":"Field","name":{"kind":"Name","value":"invalid"}},{"kind":"Field","name":{"kind":"Name","value":"inAnotherCampaign"}},{"kind":"Field","name":{"kind":"Name","value":"contactedRecently"}}]}}]}}]} as unknown as DocumentNode<AddLeadsMutation, AddLeadsMutationVariables>;
export const LeadListsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"LeadLists"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"leadLists"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"workspaceId"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"leads"}}]}}]}}]} as unknown as DocumentNode<LeadListsQuery, LeadListsQueryVariables>;
export const CreateLeadListDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateLeadList"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateLeadListInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createLeadList"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"workspaceId"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"leads"}}]}}]}}]} as unknown as DocumentNode<CreateLeadListMutation, CreateLeadListMutationVariables>;
export const ImportLeadListLeadsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ImportLeadListLeads"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"csv"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"importLeadListLeads"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"csv"},"value":{"kind":"Variable","name":{"kind":"Name","value":"csv"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"added"}},{"kind":"Field","name":{"kind":"Name","value":"duplicates"}},{"kind":"Field","name":{"kind":"Name","value":"invalid"}}]}}]}}]} as unknown as DocumentNode<ImportLeadListLeadsMutation, ImportLeadListLeadsMutationVariables>;
export const DeleteLeadListDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"DeleteLeadList"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleteLeadList"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleted"}}]}}]}}]} as unknown as DocumentNode<DeleteLeadListMutation, DeleteLeadListMutationVariables>;
export const CampaignPoolDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"CampaignPool"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"campaign"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"mailboxIds"}},{"kind":"Field","name":{"kind":"Name","value":"mailboxTags"}},{"kind":"Field","name":{"kind":"Name","value":"sendingMailboxIds"}}]}}]}}]} as unknown as DocumentNode<CampaignPoolQuery, CampaignPoolQueryVariables>;
export const UpdateCampaignPoolDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpdateCampaignPool"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateCampaignInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateCampaign"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"mailboxIds"}},{"kind":"Field","name":{"kind":"Name","value":"mailboxTags"}},{"kind":"Field","name":{"kind":"Name","value":"sendingMailboxIds"}}]}}]}}]} as unknown as DocumentNode<UpdateCampaignPoolMutation, UpdateCampaignPoolMutationVariables>;
export const LeadSenderDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"LeadSender"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"lead"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"mailboxId"}},{"kind":"Field","name":{"kind":"Name","value":"currentStep"}}]}}]}}]} as unknown as DocumentNode<LeadSenderQuery, LeadSenderQueryVariables>;
export const LeadsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Leads"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"campaignId"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"query"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"LeadQueryInput"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"leads"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"campaignId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"campaignId"}}},{"kind":"Argument","name":{"kind":"Name","value":"query"},"value":{"kind":"Variable","name":{"kind":"Name","value":"query"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"LeadFields"}},{"kind":"Field","name":{"kind":"Name","value":"campaignName"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"LeadFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Lead"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"workspaceId"}},{"kind":"Field","name":{"kind":"Name","value":"campaignId"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"vars"}},{"kind":"Field","name":{"kind":"Name","value":"timezone"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"stopReason"}},{"kind":"Field","name":{"kind":"Name","value":"interest"}},{"kind":"Field","name":{"kind":"Name","value":"wonAt"}},{"kind":"Field","name":{"kind":"Name","value":"dealValue"}},{"kind":"Field","name":{"kind":"Name","value":"note"}},{"kind":"Field","name":{"kind":"Name","value":"provider"}},{"kind":"Field","name":{"kind":"Name","value":"verification"}},{"kind":"Field","name":{"kind":"Name","value":"verifiedAt"}},{"kind":"Field","name":{"kind":"Name","value":"currentStep"}},{"kind":"Field","name":{"kind":"Name","value":"nextDueAt"}},{"kind":"Field","name":{"kind":"Name","value":"awayUntil"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"sendZone"}}]}}]} as unknown as DocumentNode<LeadsQuery, LeadsQueryVariables>;
export const LeadDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Lead"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"lead"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"LeadFields"}},{"kind":"Field","name":{"kind":"Name","value":"campaignName"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"LeadFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Lead"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"workspaceId"}},{"kind":"Field","name":{"kind":"Name","value":"campaignId"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"vars"}},{"kind":"Field","name":{"kind":"Name","value":"timezone"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"stopReason"}},{"kind":"Field","name":{"kind":"Name","value":"interest"}},{"kind":"Field","name":{"kind":"Name","value":"wonAt"}},{"kind":"Field","name":{"kind":"Name","value":"dealValue"}},{"kind":"Field","name":{"kind":"Name","value":"note"}},{"kind":"Field","name":{"kind":"Name","value":"provider"}},{"kind":"Field","name":{"kind":"Name","value":"verification"}},{"kind":"Field","name":{"kind":"Name","value":"verifiedAt"}},{"kind":"Field","name":{"kind":"Name","value":"currentStep"}},{"kind":"Field","name":{"kind":"Name","value":"nextDueAt"}},{"kind":"Field","name":{"kind":"Name","value":"awayUntil"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"sendZone"}}]}}]} as unknown as DocumentNode<LeadQuery, LeadQueryVariables>;
export const LeadFieldNamesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"LeadFieldNames"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"campaignId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"leadFields"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"campaignId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"campaignId"}}}]}]}}]} as unknown as DocumentNode<LeadFieldNamesQuery, LeadFieldNamesQueryVariables>;
export const SearchLeadsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"SearchLeads"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"q"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"limit"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"searchLeads"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"q"},"value":{"kind":"Variable","name":{"kind":"Name","value":"q"}}},{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"Variable","name":{"kind":"Name","value":"limit"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"stopReason"}},{"kind":"Field","name":{"kind":"Name","value":"currentStep"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"campaignId"}},{"kind":"Field","name":{"kind":"Name","value":"campaign"}}]}}]}}]} as unknown as DocumentNode<SearchLeadsQuery, SearchLeadsQueryVariables>;
export const LeadActivityDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"LeadActivity"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"leadActivity"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"lead"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"LeadFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"timeline"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"at"}},{"kind":"Field","name":{"kind":"Name","value":"step"}},{"kind":"Field","name":{"kind":"Name","value":"stepLabel"}},{"kind":"Field","name":{"kind":"Name","value":"detail"}},{"kind":"Field","name":{"kind":"Name","value":"variant"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"LeadFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Lead"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"workspaceId"}},{"kind":"Field","name":{"kind":"Name","value":"campaignId"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"vars"}},{"kind":"Field","name":{"kind":"Name","value":"timezone"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"stopReason"}},{"kind":"Field","name":{"kind":"Name","value":"interest"}},{"kind":"Field","name":{"kind":"Name","value":"wonAt"}},{"kind":"Field","name":{"kind":"Name","value":"dealValue"}},{"kind":"Field","name":{"kind":"Name","value":"note"}},{"kind":"Field","name":{"kind":"Name","value":"provider"}},{"kind":"Field","name":{"kind":"Name","value":"verification"}},{"kind":"Field","name":{"kind":"Name","value":"verifiedAt"}},{"kind":"Field","name":{"kind":"Name","value":"currentStep"}},{"kind":"Field","name":{"kind":"Name","value":"nextDueAt"}},{"kind":"Field","name":{"kind":"Name","value":"awayUntil"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"sendZone"}}]}}]} as unknown as DocumentNode<LeadActivityQuery, LeadActivityQueryVariables>;
export const UpdateLeadDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpdateLead"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateLeadInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateLead"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"LeadFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"LeadFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Lead"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"workspaceId"}},{"kind":"Field","name":{"kind":"Name","value":"campaignId"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"vars"}},{"kind":"Field","name":{"kind":"Name","value":"timezone"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"stopReason"}},{"kind":"Field","name":{"kind":"Name","value":"interest"}},{"kind":"Field","name":{"kind":"Name","value":"wonAt"}},{"kind":"Field","name":{"kind":"Name","value":"dealValue"}},{"kind":"Field","name":{"kind":"Name","value":"note"}},{"kind":"Field","name":{"kind":"Name","value":"provider"}},{"kind":"Field","name":{"kind":"Name","value":"verification"}},{"kind":"Field","name":{"kind":"Name","value":"verifiedAt"}},{"kind":"Field","name":{"kind":"Name","value":"currentStep"}},{"kind":"Field","name":{"kind":"Name","value":"nextDueAt"}},{"kind":"Field","name":{"kind":"Name","value":"awayUntil"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"sendZone"}}]}}]} as unknown as DocumentNode<UpdateLeadMutation, UpdateLeadMutationVariables>;
export const DeleteLeadDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"DeleteLead"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleteLead"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleted"}}]}}]}}]} as unknown as DocumentNode<DeleteLeadMutation, DeleteLeadMutationVariables>;
export const CreateOneOffLeadDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateOneOffLead"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"OneOffLeadInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createOneOffLead"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"leadId"}},{"kind":"Field","name":{"kind":"Name","value":"created"}}]}}]}}]} as unknown as DocumentNode<CreateOneOffLeadMutation, CreateOneOffLeadMutationVariables>;
export const LeadFiltersDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"LeadFilters"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"leadFilters"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"filter"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"interest"}},{"kind":"Field","name":{"kind":"Name","value":"verification"}},{"kind":"Field","name":{"kind":"Name","value":"provider"}},{"kind":"Field","name":{"kind":"Name","value":"listId"}},{"kind":"Field","name":{"kind":"Name","value":"q"}}]}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}}]}}]} as unknown as DocumentNode<LeadFiltersQuery, LeadFiltersQueryVariables>;
export const CreateLeadFilterDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateLeadFilter"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateLeadFilterInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createLeadFilter"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"filter"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"interest"}},{"kind":"Field","name":{"kind":"Name","value":"verification"}},{"kind":"Field","name":{"kind":"Name","value":"provider"}},{"kind":"Field","name":{"kind":"Name","value":"listId"}},{"kind":"Field","name":{"kind":"Name","value":"q"}}]}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}}]}}]} as unknown as DocumentNode<CreateLeadFilterMutation, CreateLeadFilterMutationVariables>;
export const DeleteLeadFilterDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"DeleteLeadFilter"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleteLeadFilter"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleted"}}]}}]}}]} as unknown as DocumentNode<DeleteLeadFilterMutation, DeleteLeadFilterMutationVariables>;
export const OAuthProvidersDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"OAuthProviders"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"oauthProviders"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"provider"}},{"kind":"Field","name":{"kind":"Name","value":"configured"}}]}}]}}]} as unknown as DocumentNode<OAuthProvidersQuery, OAuthProvidersQueryVariables>;
export const StartMailboxOAuthDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"StartMailboxOAuth"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"provider"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"mailboxId"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"returnTo"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"startMailboxOAuth"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"provider"},"value":{"kind":"Variable","name":{"kind":"Name","value":"provider"}}},{"kind":"Argument","name":{"kind":"Name","value":"mailboxId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"mailboxId"}}},{"kind":"Argument","name":{"kind":"Name","value":"returnTo"},"value":{"kind":"Variable","name":{"kind":"Name","value":"returnTo"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"authorizationUrl"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}}]}}]}}]} as unknown as DocumentNode<StartMailboxOAuthMutation, StartMailboxOAuthMutationVariables>;
export const OAuthMailboxDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"OAuthMailbox"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"mailbox"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"authType"}},{"kind":"Field","name":{"kind":"Name","value":"oauthProvider"}},{"kind":"Field","name":{"kind":"Name","value":"smtpHost"}},{"kind":"Field","name":{"kind":"Name","value":"smtpPort"}},{"kind":"Field","name":{"kind":"Name","value":"smtpSecure"}},{"kind":"Field","name":{"kind":"Name","value":"imapHost"}},{"kind":"Field","name":{"kind":"Name","value":"imapPort"}},{"kind":"Field","name":{"kind":"Name","value":"username"}},{"kind":"Field","name":{"kind":"Name","value":"lastError"}}]}}]}}]} as unknown as DocumentNode<OAuthMailboxQuery, OAuthMailboxQueryVariables>;
export const SendLeadEmailDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"SendLeadEmail"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"OneOffSendInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sendLeadEmail"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"scheduledFor"}}]}}]}}]} as unknown as DocumentNode<SendLeadEmailMutation, SendLeadEmailMutationVariables>;
export const CancelOneOffDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CancelOneOff"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cancelOneOff"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}}]} as unknown as DocumentNode<CancelOneOffMutation, CancelOneOffMutationVariables>;
export const PipelineDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Pipeline"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"query"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"PipelineQueryInput"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"pipeline"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"query"},"value":{"kind":"Variable","name":{"kind":"Name","value":"query"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"stages"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"stage"}},{"kind":"Field","name":{"kind":"Name","value":"count"}},{"kind":"Field","name":{"kind":"Name","value":"value"}},{"kind":"Field","name":{"kind":"Name","value":"leads"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"campaignId"}},{"kind":"Field","name":{"kind":"Name","value":"campaign"}},{"kind":"Field","name":{"kind":"Name","value":"value"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"wonValue"}}]}}]}}]} as unknown as DocumentNode<PipelineQuery, PipelineQueryVariables>;
export const MovePipelineLeadDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"MovePipelineLead"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"leadId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"MovePipelineLeadInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"movePipelineLead"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"leadId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"leadId"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"stage"}}]}}]}}]} as unknown as DocumentNode<MovePipelineLeadMutation, MovePipelineLeadMutationVariables>;
export const CreateSeedMailboxDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateSeedMailbox"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateMailboxInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createMailbox"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"purpose"}},{"kind":"Field","name":{"kind":"Name","value":"seedProvider"}},{"kind":"Field","name":{"kind":"Name","value":"pausedReason"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}}]} as unknown as DocumentNode<CreateSeedMailboxMutation, CreateSeedMailboxMutationVariables>;
export const UpdateSeedMailboxDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpdateSeedMailbox"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateMailboxInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateMailbox"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"purpose"}},{"kind":"Field","name":{"kind":"Name","value":"seedProvider"}}]}}]}}]} as unknown as DocumentNode<UpdateSeedMailboxMutation, UpdateSeedMailboxMutationVariables>;
export const SeedMailboxesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"SeedMailboxes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"mailboxes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"purpose"}},{"kind":"Field","name":{"kind":"Name","value":"seedProvider"}},{"kind":"Field","name":{"kind":"Name","value":"pausedReason"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}}]} as unknown as DocumentNode<SeedMailboxesQuery, SeedMailboxesQueryVariables>;
export const ResumePlacementPausedDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ResumePlacementPaused"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"resumeMailbox"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}}]} as unknown as DocumentNode<ResumePlacementPausedMutation, ResumePlacementPausedMutationVariables>;
export const PausePlacementPausedDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"PausePlacementPaused"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"pauseMailbox"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}}]} as unknown as DocumentNode<PausePlacementPausedMutation, PausePlacementPausedMutationVariables>;
export const SeedCampaignMailboxesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"SeedCampaignMailboxes"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateCampaignInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateCampaign"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"mailboxIds"}},{"kind":"Field","name":{"kind":"Name","value":"sendingMailboxIds"}}]}}]}}]} as unknown as DocumentNode<SeedCampaignMailboxesMutation, SeedCampaignMailboxesMutationVariables>;
export const SeedCampaignPoolDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"SeedCampaignPool"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"campaign"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"mailboxIds"}},{"kind":"Field","name":{"kind":"Name","value":"sendingMailboxIds"}}]}}]}}]} as unknown as DocumentNode<SeedCampaignPoolQuery, SeedCampaignPoolQueryVariables>;
export const SeedOneOffDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"SeedOneOff"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"OneOffSendInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sendLeadEmail"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}}]} as unknown as DocumentNode<SeedOneOffMutation, SeedOneOffMutationVariables>;
export const StartPlacementTestDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"StartPlacementTest"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"StartPlacementTestInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"startPlacementTest"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"PlacementTestFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"PlacementCountsFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"PlacementCounts"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sent"}},{"kind":"Field","name":{"kind":"Name","value":"inbox"}},{"kind":"Field","name":{"kind":"Name","value":"category"}},{"kind":"Field","name":{"kind":"Name","value":"spam"}},{"kind":"Field","name":{"kind":"Name","value":"other"}},{"kind":"Field","name":{"kind":"Name","value":"missing"}},{"kind":"Field","name":{"kind":"Name","value":"failed"}},{"kind":"Field","name":{"kind":"Name","value":"inboxRate"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"PlacementTestFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"PlacementTest"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"finishedAt"}},{"kind":"Field","name":{"kind":"Name","value":"waitMinutes"}},{"kind":"Field","name":{"kind":"Name","value":"content"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"campaignId"}},{"kind":"Field","name":{"kind":"Name","value":"step"}},{"kind":"Field","name":{"kind":"Name","value":"variant"}},{"kind":"Field","name":{"kind":"Name","value":"subject"}}]}},{"kind":"Field","name":{"kind":"Name","value":"summary"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"PlacementCountsFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"bySender"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"mailboxId"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"sent"}},{"kind":"Field","name":{"kind":"Name","value":"inbox"}},{"kind":"Field","name":{"kind":"Name","value":"category"}},{"kind":"Field","name":{"kind":"Name","value":"spam"}},{"kind":"Field","name":{"kind":"Name","value":"other"}},{"kind":"Field","name":{"kind":"Name","value":"missing"}},{"kind":"Field","name":{"kind":"Name","value":"failed"}},{"kind":"Field","name":{"kind":"Name","value":"inboxRate"}}]}},{"kind":"Field","name":{"kind":"Name","value":"byProvider"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"provider"}},{"kind":"Field","name":{"kind":"Name","value":"sent"}},{"kind":"Field","name":{"kind":"Name","value":"inbox"}},{"kind":"Field","name":{"kind":"Name","value":"category"}},{"kind":"Field","name":{"kind":"Name","value":"spam"}},{"kind":"Field","name":{"kind":"Name","value":"other"}},{"kind":"Field","name":{"kind":"Name","value":"missing"}},{"kind":"Field","name":{"kind":"Name","value":"failed"}},{"kind":"Field","name":{"kind":"Name","value":"inboxRate"}}]}}]}}]} as unknown as DocumentNode<StartPlacementTestMutation, StartPlacementTestMutationVariables>;
export const PlacementTestDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"PlacementTest"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"placementTest"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"PlacementTestFields"}},{"kind":"Field","name":{"kind":"Name","value":"results"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"mailboxId"}},{"kind":"Field","name":{"kind":"Name","value":"seedId"}},{"kind":"Field","name":{"kind":"Name","value":"seedProvider"}},{"kind":"Field","name":{"kind":"Name","value":"placement"}},{"kind":"Field","name":{"kind":"Name","value":"folder"}},{"kind":"Field","name":{"kind":"Name","value":"auth"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"spf"}},{"kind":"Field","name":{"kind":"Name","value":"dkim"}},{"kind":"Field","name":{"kind":"Name","value":"dmarc"}}]}},{"kind":"Field","name":{"kind":"Name","value":"delaySeconds"}},{"kind":"Field","name":{"kind":"Name","value":"detail"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"PlacementCountsFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"PlacementCounts"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sent"}},{"kind":"Field","name":{"kind":"Name","value":"inbox"}},{"kind":"Field","name":{"kind":"Name","value":"category"}},{"kind":"Field","name":{"kind":"Name","value":"spam"}},{"kind":"Field","name":{"kind":"Name","value":"other"}},{"kind":"Field","name":{"kind":"Name","value":"missing"}},{"kind":"Field","name":{"kind":"Name","value":"failed"}},{"kind":"Field","name":{"kind":"Name","value":"inboxRate"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"PlacementTestFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"PlacementTest"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"finishedAt"}},{"kind":"Field","name":{"kind":"Name","value":"waitMinutes"}},{"kind":"Field","name":{"kind":"Name","value":"content"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"campaignId"}},{"kind":"Field","name":{"kind":"Name","value":"step"}},{"kind":"Field","name":{"kind":"Name","value":"variant"}},{"kind":"Field","name":{"kind":"Name","value":"subject"}}]}},{"kind":"Field","name":{"kind":"Name","value":"summary"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"PlacementCountsFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"bySender"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"mailboxId"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"sent"}},{"kind":"Field","name":{"kind":"Name","value":"inbox"}},{"kind":"Field","name":{"kind":"Name","value":"category"}},{"kind":"Field","name":{"kind":"Name","value":"spam"}},{"kind":"Field","name":{"kind":"Name","value":"other"}},{"kind":"Field","name":{"kind":"Name","value":"missing"}},{"kind":"Field","name":{"kind":"Name","value":"failed"}},{"kind":"Field","name":{"kind":"Name","value":"inboxRate"}}]}},{"kind":"Field","name":{"kind":"Name","value":"byProvider"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"provider"}},{"kind":"Field","name":{"kind":"Name","value":"sent"}},{"kind":"Field","name":{"kind":"Name","value":"inbox"}},{"kind":"Field","name":{"kind":"Name","value":"category"}},{"kind":"Field","name":{"kind":"Name","value":"spam"}},{"kind":"Field","name":{"kind":"Name","value":"other"}},{"kind":"Field","name":{"kind":"Name","value":"missing"}},{"kind":"Field","name":{"kind":"Name","value":"failed"}},{"kind":"Field","name":{"kind":"Name","value":"inboxRate"}}]}}]}}]} as unknown as DocumentNode<PlacementTestQuery, PlacementTestQueryVariables>;
export const PlacementTestsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"PlacementTests"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"limit"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"cursor"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"placementTests"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"Variable","name":{"kind":"Name","value":"limit"}}},{"kind":"Argument","name":{"kind":"Name","value":"cursor"},"value":{"kind":"Variable","name":{"kind":"Name","value":"cursor"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"PlacementTestFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"nextCursor"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"PlacementCountsFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"PlacementCounts"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sent"}},{"kind":"Field","name":{"kind":"Name","value":"inbox"}},{"kind":"Field","name":{"kind":"Name","value":"category"}},{"kind":"Field","name":{"kind":"Name","value":"spam"}},{"kind":"Field","name":{"kind":"Name","value":"other"}},{"kind":"Field","name":{"kind":"Name","value":"missing"}},{"kind":"Field","name":{"kind":"Name","value":"failed"}},{"kind":"Field","name":{"kind":"Name","value":"inboxRate"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"PlacementTestFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"PlacementTest"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"finishedAt"}},{"kind":"Field","name":{"kind":"Name","value":"waitMinutes"}},{"kind":"Field","name":{"kind":"Name","value":"content"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"campaignId"}},{"kind":"Field","name":{"kind":"Name","value":"step"}},{"kind":"Field","name":{"kind":"Name","value":"variant"}},{"kind":"Field","name":{"kind":"Name","value":"subject"}}]}},{"kind":"Field","name":{"kind":"Name","value":"summary"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"PlacementCountsFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"bySender"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"mailboxId"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"sent"}},{"kind":"Field","name":{"kind":"Name","value":"inbox"}},{"kind":"Field","name":{"kind":"Name","value":"category"}},{"kind":"Field","name":{"kind":"Name","value":"spam"}},{"kind":"Field","name":{"kind":"Name","value":"other"}},{"kind":"Field","name":{"kind":"Name","value":"missing"}},{"kind":"Field","name":{"kind":"Name","value":"failed"}},{"kind":"Field","name":{"kind":"Name","value":"inboxRate"}}]}},{"kind":"Field","name":{"kind":"Name","value":"byProvider"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"provider"}},{"kind":"Field","name":{"kind":"Name","value":"sent"}},{"kind":"Field","name":{"kind":"Name","value":"inbox"}},{"kind":"Field","name":{"kind":"Name","value":"category"}},{"kind":"Field","name":{"kind":"Name","value":"spam"}},{"kind":"Field","name":{"kind":"Name","value":"other"}},{"kind":"Field","name":{"kind":"Name","value":"missing"}},{"kind":"Field","name":{"kind":"Name","value":"failed"}},{"kind":"Field","name":{"kind":"Name","value":"inboxRate"}}]}}]}}]} as unknown as DocumentNode<PlacementTestsQuery, PlacementTestsQueryVariables>;
export const PlacementScoresDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"PlacementScores"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"mailboxScores"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"mailboxId"}},{"kind":"Field","name":{"kind":"Name","value":"score"}},{"kind":"Field","name":{"kind":"Name","value":"parts"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"placement"}}]}},{"kind":"Field","name":{"kind":"Name","value":"inputs"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"placement"}}]}}]}}]}}]} as unknown as DocumentNode<PlacementScoresQuery, PlacementScoresQueryVariables>;
export const PlacementSettingsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"PlacementSettings"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"settings"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"workspace"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"placementSchedule"}},{"kind":"Field","name":{"kind":"Name","value":"placementProtectBelow"}}]}}]}}]}}]} as unknown as DocumentNode<PlacementSettingsQuery, PlacementSettingsQueryVariables>;
export const UpdatePlacementSettingsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpdatePlacementSettings"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateWorkspaceInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateWorkspace"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"placementSchedule"}},{"kind":"Field","name":{"kind":"Name","value":"placementProtectBelow"}},{"kind":"Field","name":{"kind":"Name","value":"timezone"}}]}}]}}]} as unknown as DocumentNode<UpdatePlacementSettingsMutation, UpdatePlacementSettingsMutationVariables>;
export const PlacementSendingStatusDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"PlacementSendingStatus"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"campaignSendingStatus"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sending"}},{"kind":"Field","name":{"kind":"Name","value":"reasons"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"text"}}]}}]}}]}}]} as unknown as DocumentNode<PlacementSendingStatusQuery, PlacementSendingStatusQueryVariables>;
export const RepliesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Replies"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"query"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"ReplyQueryInput"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"replies"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"query"},"value":{"kind":"Variable","name":{"kind":"Name","value":"query"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"isRead"}},{"kind":"Field","name":{"kind":"Name","value":"repliedAt"}},{"kind":"Field","name":{"kind":"Name","value":"assistedInterest"}},{"kind":"Field","name":{"kind":"Name","value":"assistedConfidence"}},{"kind":"Field","name":{"kind":"Name","value":"fromEmail"}},{"kind":"Field","name":{"kind":"Name","value":"subject"}},{"kind":"Field","name":{"kind":"Name","value":"snippet"}},{"kind":"Field","name":{"kind":"Name","value":"bodyText"}},{"kind":"Field","name":{"kind":"Name","value":"campaignId"}},{"kind":"Field","name":{"kind":"Name","value":"mailboxId"}},{"kind":"Field","name":{"kind":"Name","value":"leadId"}},{"kind":"Field","name":{"kind":"Name","value":"receivedAt"}},{"kind":"Field","name":{"kind":"Name","value":"leadAwayUntil"}},{"kind":"Field","name":{"kind":"Name","value":"assignedUserId"}},{"kind":"Field","name":{"kind":"Name","value":"snoozedUntil"}},{"kind":"Field","name":{"kind":"Name","value":"rule"}},{"kind":"Field","name":{"kind":"Name","value":"evidence"}}]}}]}}]}}]} as unknown as DocumentNode<RepliesQuery, RepliesQueryVariables>;
export const ReplyDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Reply"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"reply"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"leadId"}},{"kind":"Field","name":{"kind":"Name","value":"snoozedUntil"}},{"kind":"Field","name":{"kind":"Name","value":"rule"}},{"kind":"Field","name":{"kind":"Name","value":"evidence"}}]}}]}}]} as unknown as DocumentNode<ReplyQuery, ReplyQueryVariables>;
export const ReplyCountsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ReplyCounts"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"replyCounts"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"unread"}},{"kind":"Field","name":{"kind":"Name","value":"unreadReplies"}},{"kind":"Field","name":{"kind":"Name","value":"answered"}}]}}]}}]} as unknown as DocumentNode<ReplyCountsQuery, ReplyCountsQueryVariables>;
export const UpdateReplyDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpdateReply"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateReplyInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateReply"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updated"}}]}}]}}]} as unknown as DocumentNode<UpdateReplyMutation, UpdateReplyMutationVariables>;
export const SendReplyAnswerDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"SendReplyAnswer"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ReplyAnswerInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sendReplyAnswer"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sent"}}]}}]}}]} as unknown as DocumentNode<SendReplyAnswerMutation, SendReplyAnswerMutationVariables>;
export const AssignReplyDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"AssignReply"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"AssignReplyInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"assignReply"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"assignedUserId"}}]}}]}}]} as unknown as DocumentNode<AssignReplyMutation, AssignReplyMutationVariables>;
export const UnsubscribeReplyDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UnsubscribeReply"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"unsubscribeReply"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"unsubscribed"}}]}}]}}]} as unknown as DocumentNode<UnsubscribeReplyMutation, UnsubscribeReplyMutationVariables>;
export const SnoozeReplyDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"SnoozeReply"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"SnoozeReplyInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"snoozeReply"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"snoozedUntil"}}]}}]}}]} as unknown as DocumentNode<SnoozeReplyMutation, SnoozeReplyMutationVariables>;
export const DeliverabilityReportDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"DeliverabilityReport"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deliverabilityReport"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"windowDays"}},{"kind":"Field","name":{"kind":"Name","value":"smtp"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"accepted"}},{"kind":"Field","name":{"kind":"Name","value":"deferred"}},{"kind":"Field","name":{"kind":"Name","value":"rejected"}},{"kind":"Field","name":{"kind":"Name","value":"byCode"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"enhancedCode"}},{"kind":"Field","name":{"kind":"Name","value":"outcome"}},{"kind":"Field","name":{"kind":"Name","value":"count"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"bounceReasons"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"category"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"enhancedCode"}},{"kind":"Field","name":{"kind":"Name","value":"count"}},{"kind":"Field","name":{"kind":"Name","value":"example"}}]}},{"kind":"Field","name":{"kind":"Name","value":"perInbox"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"sent"}},{"kind":"Field","name":{"kind":"Name","value":"deferred"}},{"kind":"Field","name":{"kind":"Name","value":"rejected"}},{"kind":"Field","name":{"kind":"Name","value":"answered"}}]}}]}}]}}]} as unknown as DocumentNode<DeliverabilityReportQuery, DeliverabilityReportQueryVariables>;
export const DomainsReportDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"DomainsReport"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"days"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"domainsReport"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"days"},"value":{"kind":"Variable","name":{"kind":"Name","value":"days"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"days"}},{"kind":"Field","name":{"kind":"Name","value":"domains"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"domain"}},{"kind":"Field","name":{"kind":"Name","value":"inboxes"}},{"kind":"Field","name":{"kind":"Name","value":"domainCap"}},{"kind":"Field","name":{"kind":"Name","value":"points"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"day"}},{"kind":"Field","name":{"kind":"Name","value":"sent"}},{"kind":"Field","name":{"kind":"Name","value":"allowed"}}]}}]}}]}}]}}]} as unknown as DocumentNode<DomainsReportQuery, DomainsReportQueryVariables>;
export const BestTimeReportDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"BestTimeReport"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"days"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"bestTimeReport"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"days"},"value":{"kind":"Variable","name":{"kind":"Name","value":"days"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"timezone"}},{"kind":"Field","name":{"kind":"Name","value":"days"}},{"kind":"Field","name":{"kind":"Name","value":"replies"}},{"kind":"Field","name":{"kind":"Name","value":"grid"}}]}}]}}]} as unknown as DocumentNode<BestTimeReportQuery, BestTimeReportQueryVariables>;
export const ReportSummaryDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ReportSummary"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"reportSummary"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"campaigns"}},{"kind":"Field","name":{"kind":"Name","value":"activeCampaigns"}},{"kind":"Field","name":{"kind":"Name","value":"mailboxes"}},{"kind":"Field","name":{"kind":"Name","value":"sent"}},{"kind":"Field","name":{"kind":"Name","value":"opened"}},{"kind":"Field","name":{"kind":"Name","value":"replied"}},{"kind":"Field","name":{"kind":"Name","value":"bounced"}},{"kind":"Field","name":{"kind":"Name","value":"openRate"}},{"kind":"Field","name":{"kind":"Name","value":"replyRate"}}]}}]}}]} as unknown as DocumentNode<ReportSummaryQuery, ReportSummaryQueryVariables>;
export const ReportAnalyticsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ReportAnalytics"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"AnalyticsInput"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"reportAnalytics"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"from"}},{"kind":"Field","name":{"kind":"Name","value":"to"}},{"kind":"Field","name":{"kind":"Name","value":"totals"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sent"}},{"kind":"Field","name":{"kind":"Name","value":"started"}},{"kind":"Field","name":{"kind":"Name","value":"replies"}},{"kind":"Field","name":{"kind":"Name","value":"bounces"}},{"kind":"Field","name":{"kind":"Name","value":"positive"}},{"kind":"Field","name":{"kind":"Name","value":"replyRate"}},{"kind":"Field","name":{"kind":"Name","value":"bounceRate"}},{"kind":"Field","name":{"kind":"Name","value":"opened"}},{"kind":"Field","name":{"kind":"Name","value":"clicked"}},{"kind":"Field","name":{"kind":"Name","value":"openRate"}},{"kind":"Field","name":{"kind":"Name","value":"clickRate"}},{"kind":"Field","name":{"kind":"Name","value":"won"}},{"kind":"Field","name":{"kind":"Name","value":"wonValue"}}]}},{"kind":"Field","name":{"kind":"Name","value":"byDay"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"day"}},{"kind":"Field","name":{"kind":"Name","value":"sent"}},{"kind":"Field","name":{"kind":"Name","value":"replies"}},{"kind":"Field","name":{"kind":"Name","value":"bounces"}},{"kind":"Field","name":{"kind":"Name","value":"positive"}},{"kind":"Field","name":{"kind":"Name","value":"opened"}},{"kind":"Field","name":{"kind":"Name","value":"clicked"}}]}},{"kind":"Field","name":{"kind":"Name","value":"byCampaign"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"label"}},{"kind":"Field","name":{"kind":"Name","value":"sent"}},{"kind":"Field","name":{"kind":"Name","value":"replies"}},{"kind":"Field","name":{"kind":"Name","value":"bounces"}},{"kind":"Field","name":{"kind":"Name","value":"positive"}},{"kind":"Field","name":{"kind":"Name","value":"replyRate"}},{"kind":"Field","name":{"kind":"Name","value":"bounceRate"}}]}},{"kind":"Field","name":{"kind":"Name","value":"byMailbox"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"label"}},{"kind":"Field","name":{"kind":"Name","value":"sent"}},{"kind":"Field","name":{"kind":"Name","value":"replies"}},{"kind":"Field","name":{"kind":"Name","value":"bounces"}},{"kind":"Field","name":{"kind":"Name","value":"positive"}},{"kind":"Field","name":{"kind":"Name","value":"replyRate"}},{"kind":"Field","name":{"kind":"Name","value":"bounceRate"}}]}},{"kind":"Field","name":{"kind":"Name","value":"campaigns"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]}}]} as unknown as DocumentNode<ReportAnalyticsQuery, ReportAnalyticsQueryVariables>;
export const SavedRepliesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"SavedReplies"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"savedReplies"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"subject"}},{"kind":"Field","name":{"kind":"Name","value":"body"}}]}}]}}]} as unknown as DocumentNode<SavedRepliesQuery, SavedRepliesQueryVariables>;
export const SavedReplyExamplesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"SavedReplyExamples"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"savedReplyExamples"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"body"}}]}}]}}]} as unknown as DocumentNode<SavedReplyExamplesQuery, SavedReplyExamplesQueryVariables>;
export const CreateSavedReplyDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateSavedReply"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateSavedReplyInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createSavedReply"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"subject"}},{"kind":"Field","name":{"kind":"Name","value":"body"}}]}}]}}]} as unknown as DocumentNode<CreateSavedReplyMutation, CreateSavedReplyMutationVariables>;
export const UpdateSavedReplyDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpdateSavedReply"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateSavedReplyInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateSavedReply"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"subject"}},{"kind":"Field","name":{"kind":"Name","value":"body"}}]}}]}}]} as unknown as DocumentNode<UpdateSavedReplyMutation, UpdateSavedReplyMutationVariables>;
export const DeleteSavedReplyDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"DeleteSavedReply"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleteSavedReply"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleted"}}]}}]}}]} as unknown as DocumentNode<DeleteSavedReplyMutation, DeleteSavedReplyMutationVariables>;
export const RenderSavedReplyDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RenderSavedReply"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"RenderSavedReplyInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"renderSavedReply"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"subject"}},{"kind":"Field","name":{"kind":"Name","value":"body"}}]}}]}}]} as unknown as DocumentNode<RenderSavedReplyMutation, RenderSavedReplyMutationVariables>;
export const CampaignSendingStatusDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"CampaignSendingStatus"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"campaignSendingStatus"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sending"}},{"kind":"Field","name":{"kind":"Name","value":"reasons"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"text"}}]}},{"kind":"Field","name":{"kind":"Name","value":"notes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"text"}}]}},{"kind":"Field","name":{"kind":"Name","value":"sentToday"}},{"kind":"Field","name":{"kind":"Name","value":"dailyLimit"}},{"kind":"Field","name":{"kind":"Name","value":"newToday"}},{"kind":"Field","name":{"kind":"Name","value":"newLeadsLimit"}},{"kind":"Field","name":{"kind":"Name","value":"dueNow"}},{"kind":"Field","name":{"kind":"Name","value":"nextDueAt"}},{"kind":"Field","name":{"kind":"Name","value":"dueToday"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","name":{"kind":"Name","value":"followUps"}},{"kind":"Field","name":{"kind":"Name","value":"newLeads"}}]}}]}}]}}]} as unknown as DocumentNode<CampaignSendingStatusQuery, CampaignSendingStatusQueryVariables>;
export const CampaignSendingStatusesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"CampaignSendingStatuses"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"campaignIds"}},"type":{"kind":"NonNullType","type":{"kind":"ListType","type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"campaignSendingStatuses"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"campaignIds"},"value":{"kind":"Variable","name":{"kind":"Name","value":"campaignIds"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"campaignId"}},{"kind":"Field","name":{"kind":"Name","value":"sending"}},{"kind":"Field","name":{"kind":"Name","value":"reasons"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"text"}}]}},{"kind":"Field","name":{"kind":"Name","value":"notes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"text"}}]}},{"kind":"Field","name":{"kind":"Name","value":"sentToday"}},{"kind":"Field","name":{"kind":"Name","value":"dailyLimit"}},{"kind":"Field","name":{"kind":"Name","value":"dueNow"}},{"kind":"Field","name":{"kind":"Name","value":"dueToday"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","name":{"kind":"Name","value":"followUps"}},{"kind":"Field","name":{"kind":"Name","value":"newLeads"}}]}}]}}]}}]} as unknown as DocumentNode<CampaignSendingStatusesQuery, CampaignSendingStatusesQueryVariables>;
export const UpdateCampaignStepsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpdateCampaignSteps"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"campaignId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"steps"}},"type":{"kind":"NonNullType","type":{"kind":"ListType","type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"StepInput"}}}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateCampaignSteps"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"campaignId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"campaignId"}}},{"kind":"Argument","name":{"kind":"Name","value":"steps"},"value":{"kind":"Variable","name":{"kind":"Name","value":"steps"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"steps"}}]}}]}}]} as unknown as DocumentNode<UpdateCampaignStepsMutation, UpdateCampaignStepsMutationVariables>;
export const UpdateStepVariantDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpdateStepVariant"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"campaignId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"position"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"variant"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"enabled"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Boolean"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateStepVariant"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"campaignId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"campaignId"}}},{"kind":"Argument","name":{"kind":"Name","value":"position"},"value":{"kind":"Variable","name":{"kind":"Name","value":"position"}}},{"kind":"Argument","name":{"kind":"Name","value":"variant"},"value":{"kind":"Variable","name":{"kind":"Name","value":"variant"}}},{"kind":"Argument","name":{"kind":"Name","value":"enabled"},"value":{"kind":"Variable","name":{"kind":"Name","value":"enabled"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"step"}},{"kind":"Field","name":{"kind":"Name","value":"variant"}},{"kind":"Field","name":{"kind":"Name","value":"enabled"}}]}}]}}]} as unknown as DocumentNode<UpdateStepVariantMutation, UpdateStepVariantMutationVariables>;
export const SequenceTemplatesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"SequenceTemplates"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sequenceTemplates"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"steps"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}}]}}]} as unknown as DocumentNode<SequenceTemplatesQuery, SequenceTemplatesQueryVariables>;
export const CreateSequenceTemplateDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateSequenceTemplate"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateSequenceTemplateInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createSequenceTemplate"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"steps"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}}]}}]} as unknown as DocumentNode<CreateSequenceTemplateMutation, CreateSequenceTemplateMutationVariables>;
export const DeleteSequenceTemplateDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"DeleteSequenceTemplate"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleteSequenceTemplate"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleted"}}]}}]}}]} as unknown as DocumentNode<DeleteSequenceTemplateMutation, DeleteSequenceTemplateMutationVariables>;
export const ApplySequenceTemplateDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ApplySequenceTemplate"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"campaignId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"templateId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"applySequenceTemplate"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"campaignId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"campaignId"}}},{"kind":"Argument","name":{"kind":"Name","value":"templateId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"templateId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"steps"}}]}}]}}]} as unknown as DocumentNode<ApplySequenceTemplateMutation, ApplySequenceTemplateMutationVariables>;
export const SubsequencesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Subsequences"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"campaignId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"subsequences"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"campaignId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"campaignId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"SubsequenceFields"}},{"kind":"Field","name":{"kind":"Name","value":"leadsPending"}},{"kind":"Field","name":{"kind":"Name","value":"mailboxIds"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"SubsequenceFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Campaign"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"workspaceId"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"timezone"}},{"kind":"Field","name":{"kind":"Name","value":"days"}},{"kind":"Field","name":{"kind":"Name","value":"windowStart"}},{"kind":"Field","name":{"kind":"Name","value":"windowEnd"}},{"kind":"Field","name":{"kind":"Name","value":"dailyLimit"}},{"kind":"Field","name":{"kind":"Name","value":"maxNewLeadsPerDay"}},{"kind":"Field","name":{"kind":"Name","value":"stopOnReply"}},{"kind":"Field","name":{"kind":"Name","value":"openTracking"}},{"kind":"Field","name":{"kind":"Name","value":"tags"}},{"kind":"Field","name":{"kind":"Name","value":"parentCampaignId"}},{"kind":"Field","name":{"kind":"Name","value":"trigger"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"interest"}},{"kind":"Field","name":{"kind":"Name","value":"replyContains"}},{"kind":"Field","name":{"kind":"Name","value":"completed"}}]}}]}}]} as unknown as DocumentNode<SubsequencesQuery, SubsequencesQueryVariables>;
export const CreateSubsequenceDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateSubsequence"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"campaignId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateSubsequenceInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createSubsequence"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"campaignId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"campaignId"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"SubsequenceFields"}},{"kind":"Field","name":{"kind":"Name","value":"mailboxIds"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"SubsequenceFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Campaign"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"workspaceId"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"timezone"}},{"kind":"Field","name":{"kind":"Name","value":"days"}},{"kind":"Field","name":{"kind":"Name","value":"windowStart"}},{"kind":"Field","name":{"kind":"Name","value":"windowEnd"}},{"kind":"Field","name":{"kind":"Name","value":"dailyLimit"}},{"kind":"Field","name":{"kind":"Name","value":"maxNewLeadsPerDay"}},{"kind":"Field","name":{"kind":"Name","value":"stopOnReply"}},{"kind":"Field","name":{"kind":"Name","value":"openTracking"}},{"kind":"Field","name":{"kind":"Name","value":"tags"}},{"kind":"Field","name":{"kind":"Name","value":"parentCampaignId"}},{"kind":"Field","name":{"kind":"Name","value":"trigger"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"interest"}},{"kind":"Field","name":{"kind":"Name","value":"replyContains"}},{"kind":"Field","name":{"kind":"Name","value":"completed"}}]}}]}}]} as unknown as DocumentNode<CreateSubsequenceMutation, CreateSubsequenceMutationVariables>;
export const TopLevelCampaignsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"TopLevelCampaigns"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"campaigns"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"parentCampaignId"}}]}}]}}]} as unknown as DocumentNode<TopLevelCampaignsQuery, TopLevelCampaignsQueryVariables>;
export const TasksDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Tasks"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"tasks"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"text"}},{"kind":"Field","name":{"kind":"Name","value":"stepPosition"}},{"kind":"Field","name":{"kind":"Name","value":"dueAt"}},{"kind":"Field","name":{"kind":"Name","value":"campaign"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"lead"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"linkedin"}},{"kind":"Field","name":{"kind":"Name","value":"phone"}},{"kind":"Field","name":{"kind":"Name","value":"vars"}}]}}]}}]}}]} as unknown as DocumentNode<TasksQuery, TasksQueryVariables>;
export const DoneTaskDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"DoneTask"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"doneTask"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}}]} as unknown as DocumentNode<DoneTaskMutation, DoneTaskMutationVariables>;
export const SkipTaskDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"SkipTask"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"skipTask"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}}]} as unknown as DocumentNode<SkipTaskMutation, SkipTaskMutationVariables>;
export const UntrackedRepliesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"UntrackedReplies"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"query"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"ReplyQueryInput"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"replies"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"query"},"value":{"kind":"Variable","name":{"kind":"Name","value":"query"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"fromEmail"}},{"kind":"Field","name":{"kind":"Name","value":"replyTo"}},{"kind":"Field","name":{"kind":"Name","value":"subject"}},{"kind":"Field","name":{"kind":"Name","value":"leadId"}},{"kind":"Field","name":{"kind":"Name","value":"campaignId"}},{"kind":"Field","name":{"kind":"Name","value":"untracked"}}]}}]}}]}}]} as unknown as DocumentNode<UntrackedRepliesQuery, UntrackedRepliesQueryVariables>;
export const UntrackedCountDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"UntrackedCount"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"replyCounts"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"unread"}},{"kind":"Field","name":{"kind":"Name","value":"untracked"}}]}}]}}]} as unknown as DocumentNode<UntrackedCountQuery, UntrackedCountQueryVariables>;
export const LinkReplyDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"LinkReply"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"leadId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"linkReply"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"leadId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"leadId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"leadId"}},{"kind":"Field","name":{"kind":"Name","value":"campaignId"}},{"kind":"Field","name":{"kind":"Name","value":"untracked"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}}]} as unknown as DocumentNode<LinkReplyMutation, LinkReplyMutationVariables>;
export const VerifyCampaignDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"VerifyCampaign"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"verifyCampaign"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"domainsChecked"}},{"kind":"Field","name":{"kind":"Name","value":"badDomains"}},{"kind":"Field","name":{"kind":"Name","value":"leadsChecked"}},{"kind":"Field","name":{"kind":"Name","value":"markedInvalid"}}]}}]}}]} as unknown as DocumentNode<VerifyCampaignMutation, VerifyCampaignMutationVariables>;
export const VerifyCampaignAddressesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"VerifyCampaignAddresses"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"verifyCampaignAddresses"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"marked"}}]}}]}}]} as unknown as DocumentNode<VerifyCampaignAddressesMutation, VerifyCampaignAddressesMutationVariables>;
export const CampaignVerificationDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"CampaignVerification"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"campaignVerification"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"pending"}},{"kind":"Field","name":{"kind":"Name","value":"valid"}},{"kind":"Field","name":{"kind":"Name","value":"invalid"}},{"kind":"Field","name":{"kind":"Name","value":"risky"}},{"kind":"Field","name":{"kind":"Name","value":"unknown"}},{"kind":"Field","name":{"kind":"Name","value":"expired"}},{"kind":"Field","name":{"kind":"Name","value":"unchecked"}},{"kind":"Field","name":{"kind":"Name","value":"skippedInvalid"}},{"kind":"Field","name":{"kind":"Name","value":"skippedRisky"}},{"kind":"Field","name":{"kind":"Name","value":"skippedCatchAll"}}]}}]}}]} as unknown as DocumentNode<CampaignVerificationQuery, CampaignVerificationQueryVariables>;
export const WebhooksDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Webhooks"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"webhooks"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"WebhookFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"WebhookFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Webhook"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"events"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"enabled"}},{"kind":"Field","name":{"kind":"Name","value":"disabledAt"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}}]} as unknown as DocumentNode<WebhooksQuery, WebhooksQueryVariables>;
export const WebhookEventKindsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"WebhookEventKinds"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"webhookEventKinds"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"description"}}]}}]}}]} as unknown as DocumentNode<WebhookEventKindsQuery, WebhookEventKindsQueryVariables>;
export const WebhookDeliveriesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"WebhookDeliveries"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"query"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"DeliveryQueryInput"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"webhookDeliveries"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"query"},"value":{"kind":"Variable","name":{"kind":"Name","value":"query"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"WebhookDeliveryFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"WebhookDeliveryFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"WebhookDelivery"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"eventId"}},{"kind":"Field","name":{"kind":"Name","value":"event"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"attempts"}},{"kind":"Field","name":{"kind":"Name","value":"responseStatus"}},{"kind":"Field","name":{"kind":"Name","value":"error"}},{"kind":"Field","name":{"kind":"Name","value":"nextAttemptAt"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"deliveredAt"}}]}}]} as unknown as DocumentNode<WebhookDeliveriesQuery, WebhookDeliveriesQueryVariables>;
export const CreateWebhookDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateWebhook"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateWebhookInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createWebhook"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"events"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"enabled"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"secret"}}]}}]}}]} as unknown as DocumentNode<CreateWebhookMutation, CreateWebhookMutationVariables>;
export const UpdateWebhookDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpdateWebhook"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateWebhookInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateWebhook"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"WebhookFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"WebhookFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Webhook"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"events"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"enabled"}},{"kind":"Field","name":{"kind":"Name","value":"disabledAt"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}}]} as unknown as DocumentNode<UpdateWebhookMutation, UpdateWebhookMutationVariables>;
export const DeleteWebhookDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"DeleteWebhook"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleteWebhook"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleted"}}]}}]}}]} as unknown as DocumentNode<DeleteWebhookMutation, DeleteWebhookMutationVariables>;
export const TestWebhookDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"TestWebhook"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"testWebhook"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"WebhookDeliveryFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"WebhookDeliveryFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"WebhookDelivery"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"eventId"}},{"kind":"Field","name":{"kind":"Name","value":"event"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"attempts"}},{"kind":"Field","name":{"kind":"Name","value":"responseStatus"}},{"kind":"Field","name":{"kind":"Name","value":"error"}},{"kind":"Field","name":{"kind":"Name","value":"nextAttemptAt"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"deliveredAt"}}]}}]} as unknown as DocumentNode<TestWebhookMutation, TestWebhookMutationVariables>;
export const RotateWebhookSecretDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RotateWebhookSecret"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"rotateWebhookSecret"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"secret"}}]}}]}}]} as unknown as DocumentNode<RotateWebhookSecretMutation, RotateWebhookSecretMutationVariables>;
export const RetryWebhookDeliveryDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RetryWebhookDelivery"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"retryWebhookDelivery"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"WebhookDeliveryFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"WebhookDeliveryFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"WebhookDelivery"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"eventId"}},{"kind":"Field","name":{"kind":"Name","value":"event"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"attempts"}},{"kind":"Field","name":{"kind":"Name","value":"responseStatus"}},{"kind":"Field","name":{"kind":"Name","value":"error"}},{"kind":"Field","name":{"kind":"Name","value":"nextAttemptAt"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"deliveredAt"}}]}}]} as unknown as DocumentNode<RetryWebhookDeliveryMutation, RetryWebhookDeliveryMutationVariables>;