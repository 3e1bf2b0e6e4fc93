// The error-code registry (decisions.md §3): every code the service answers with, REST or GraphQL,
// with its HTTP status and what it means for the caller. An AppError is built from a registered code
// and takes its status from here, so a code that is not listed does not compile and a code always
// answers the same status. Both transports (rest/errors.ts, src/contracts/graphql/errors.ts) read the status from
// the error; errorCatalog() lists the registry for the API reference. Never branch on message text.

/** The statuses a refusal may have (decisions.md §3, and 422 of §12's idempotency keys). */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 422 | 429;
/** Every status an error body is sent with: the refusals, plus the server's own internal_error and starting. */
export type ErrorHttpStatus = ErrorStatus | 500 | 503;

export const ERROR_CODES = {
  // 400: the request could not be read (transport level)
  bad_request: {
    status: 400,
    meaning: 'The request could not be read: malformed HTTP, or a GraphQL document with a syntax error, an unknown field or a variable of the wrong type.',
  },
  invalid_json: { status: 400, meaning: 'The request body is not valid JSON.' },
  invalid_body: { status: 400, meaning: 'The body is JSON but not the shape the endpoint takes (an object, or an array where steps are sent).' },
  invalid_path: { status: 400, meaning: 'The URL path has a malformed percent-escape; encode path segments with encodeURIComponent.' },
  unsupported_encoding: { status: 400, meaning: 'The body uses a content encoding or charset the server does not read; send UTF-8.' },
  request_aborted: { status: 400, meaning: 'The client closed the connection before the whole body arrived.' },
  no_file: { status: 400, meaning: 'A CSV endpoint got no CSV: send it as the body (Content-Type: text/csv) or as the multipart field "file".' },
  not_csv: { status: 400, meaning: 'A CSV endpoint got another content type; send text/csv or multipart/form-data.' },
  invalid_multipart: { status: 400, meaning: 'The multipart/form-data body could not be read (missing boundary or broken parts).' },
  query_too_complex: {
    status: 400,
    meaning: 'A GraphQL request is deeper than 12 levels, has more than 100 aliases or more than 1 MB of query text; nothing of it ran. Split it into smaller requests.',
  },
  // 400: invalid input
  validation_failed: { status: 400, meaning: 'One or more fields are missing or invalid; details.fields lists the problems per field.' },
  template_invalid: {
    status: 400,
    meaning:
      'A template has a broken {{#if}}, {{#unless}}, {{else}} or closing tag (unknown, unbalanced or nested deeper than 3); details say where (position, variant and field of a step, or the field) and at which character.',
  },
  invalid_cursor: { status: 400, meaning: 'The cursor is unknown, altered, or was made for another list or other filters; start the list again without cursor.' },
  q_too_short: { status: 400, meaning: 'The search text q is shorter than the minimum length.' },
  too_many_fields: { status: 400, meaning: 'A lead would carry more custom fields than allowed (200): a PATCH that would leave more, or a CSV with more columns besides email.' },
  invalid_range: { status: 400, meaning: 'The report date range is reversed or longer than allowed.' },
  invalid_entries: { status: 400, meaning: 'Some blocklist entries are neither an email address nor a domain; nothing was added (details lists them).' },
  empty_filter: { status: 400, meaning: 'A saved filter needs at least one field with a value.' },
  one_change_required: { status: 400, meaning: 'A bulk inbox change needs exactly one change besides the ids.' },
  password_required: { status: 400, meaning: 'Changing the login (host, port or user) of an inbox needs its password in the same request.' },
  end_before_start: { status: 400, meaning: "The campaign's end_date is before its start_date." },
  windows_set: { status: 400, meaning: 'days and hours cannot change while sending windows are set; send windows: null first.' },
  too_many_windows: { status: 400, meaning: 'A campaign has more sending windows than allowed.' },
  window_past_midnight: { status: 400, meaning: 'A sending window does not end after it starts on the same day.' },
  windows_overlap: { status: 400, meaning: 'Two sending windows share a day and overlap in hours.' },
  unknown_mailbox: { status: 400, meaning: 'A mailbox given (an id for a campaign, an address for the DMARC report address) is not a connected inbox of this workspace.' },
  reply_not_found: { status: 400, meaning: 'replyTo names a reply that was not received from this lead.' },
  unknown_user: { status: 400, meaning: 'user_id is not a member of this workspace (unknown, of another workspace, or not a user id); GET /settings/members lists them.' },
  // 400: sequence rules (api.md Steps and templates); details.errors lists every broken rule
  too_many_steps: { status: 400, meaning: 'The sequence has more steps than allowed.' },
  duplicate_position: { status: 400, meaning: 'Two steps have the same position.' },
  position_gap: { status: 400, meaning: 'Step positions do not run 1, 2, 3… without a gap.' },
  duplicate_step_id: { status: 400, meaning: 'The same step id is sent for more than one step.' },
  first_step_condition: { status: 400, meaning: 'The first step cannot wait on a reply or a click.' },
  task_clicked_condition: { status: 400, meaning: 'A task step cannot wait on a click.' },
  task_has_variants: { status: 400, meaning: 'A task step has email variants; send "variants": [] for a task.' },
  blank_task_text: { status: 400, meaning: 'A task step needs a text saying what to do.' },
  no_variants: { status: 400, meaning: 'An email step needs at least one variant (or a task).' },
  too_many_variants: { status: 400, meaning: 'A step has more variants than allowed.' },
  blank_body: { status: 400, meaning: 'An email variant has an empty body.' },
  subject_required: { status: 400, meaning: 'The first email of the sequence needs a subject; only follow-ups may leave it empty.' },
  no_enabled_variant: { status: 400, meaning: 'A step needs at least one enabled variant.' },
  follow_up_wait_too_short: { status: 400, meaning: 'A follow-up waits less than the minimum time after the step before it.' },
  last_enabled_variant: { status: 400, meaning: 'The variant is the last enabled one of its step; enable another first.' },
  // 400: a rule refuses the action
  no_steps: { status: 400, meaning: 'The campaign has no steps (to launch it, save it as a template, or preview it without sending steps).' },
  no_inbox: { status: 400, meaning: 'The campaign has no inbox to send from, so it cannot be launched.' },
  unsub_header_off: { status: 400, meaning: 'The campaign cannot be launched with the one-click unsubscribe header turned off.' },
  blank_columns: { status: 400, meaning: 'The campaign cannot be launched while leads have blank columns its steps use; details.columns lists them with lead counts.' },
  column_name_taken: { status: 400, meaning: 'The leads of the campaign already have a field with this name (or another column fills it); pick another name.' },
  verification_key_required: {
    status: 400,
    meaning: 'Address verification needs the workspace verification key; an owner saves it with PUT /api/settings/verification-key.',
  },
  campaign_has_sent: { status: 400, meaning: 'The campaign has sent emails, so it cannot be deleted; pause it instead.' },
  plan_limit: { status: 400, meaning: "The plan's inbox limit is reached; delete an inbox before connecting another." },
  mailbox_not_active: { status: 400, meaning: 'The chosen mailbox is not active; resume it or pick another.' },
  no_sending_window: { status: 400, meaning: 'The campaign has no sending day or hours, so the email could never go.' },
  unsubscribed: { status: 400, meaning: 'The address unsubscribed, so it is never emailed again.' },
  bounced: { status: 400, meaning: 'Mail to the address bounced, so it is not emailed again.' },
  blocklisted: { status: 400, meaning: 'The address or its domain is on the blocklist, so it is never contacted.' },
  invalid_link: { status: 400, meaning: 'An unsubscribe or tracking link is not valid (cut or changed).' },
  send_failed: { status: 400, meaning: "The inbox's mail server refused the email (or could not be reached); its answer is in the message and details, and nothing was sent." },
  pipeline_stage_not_allowed: {
    status: 400,
    meaning: 'A pipeline move goes to meeting_booked, meeting_completed, won or lost only; nothing moves into interested there (details.allowed lists the stages).',
  },
  lead_not_replied: { status: 400, meaning: 'Only a lead that has replied can be moved in the pipeline.' },
  one_click_required: { status: 400, meaning: 'A one-click unsubscribe POST must carry List-Unsubscribe=One-Click in its body (RFC 8058).' },
  nested_subsequence: {
    status: 400,
    meaning: 'The campaign is a subsequence, and a subsequence has no subsequences of its own; add it to the top-level campaign (parentCampaignId).',
  },
  one_off_subsequence: { status: 400, meaning: 'The One-off campaign runs no sequence, so it has no subsequences.' },
  // 400: placement tests (decisions.md §16)
  mailbox_is_seed: {
    status: 400,
    meaning:
      "The inbox is a seed: it never sends and is read only by placement tests, so it cannot be a campaign's inbox, a one-off email's or an answer's sender, a placement test's sender or the DMARC report address (details.mailbox_ids).",
  },
  not_a_seed: { status: 400, meaning: 'seed_ids names an inbox that is not a seed; connect seeds with purpose: seed (details.mailbox_ids).' },
  no_seeds: { status: 400, meaning: 'A placement test needs at least one seed inbox; connect one with POST /mailboxes and purpose: seed.' },
  no_senders: { status: 400, meaning: 'A placement test needs at least one sending inbox, and the workspace has no active one.' },
  unknown_campaign_step: {
    status: 400,
    meaning: 'campaign_id, step and variant of a placement test name no email variant of a campaign of this workspace (details say which part is unknown).',
  },
  // 400: fetching a linked file (sheet imports)
  invalid_url: { status: 400, meaning: 'The link is not an absolute http(s) URL of the expected kind.' },
  host_not_allowed: {
    status: 400,
    meaning:
      "The link points at a host the server does not fetch from, or an inbox's SMTP/IMAP host resolves to an address the service does not connect to (loopback or private without ALLOW_PRIVATE_FETCH; link-local or cloud metadata never).",
  },
  address_not_allowed: { status: 400, meaning: 'The link resolves to a private or reserved address, which the server does not fetch from.' },
  fetch_failed: { status: 400, meaning: 'The linked file could not be fetched (connection failed or the server answered an error).' },
  fetch_timeout: { status: 400, meaning: 'The link did not answer in time.' },
  sheet_not_csv: { status: 400, meaning: 'The spreadsheet link answered a web page instead of CSV; publish the sheet to the web as CSV.' },
  no_email_column: { status: 400, meaning: 'The CSV has no email column in its header row.' },
  row_too_long: { status: 400, meaning: 'A CSV row is longer than allowed (often an unclosed quote).' },
  // 401, 403
  model_not_configured: { status: 400, meaning: 'No model endpoint is configured: set LLM_BASE_URL (and LLM_API_KEY, LLM_MODEL) to use prompt columns.' },
  model_unreachable: { status: 400, meaning: 'The model endpoint could not be reached (network, TLS or timeout).' },
  model_failed: { status: 400, meaning: 'The model endpoint answered with an error or without a message; its own words are in the message.' },
  oauth_not_configured: {
    status: 400,
    meaning: 'The OAuth provider is not configured on this server: set its OAUTH_<PROVIDER>_CLIENT_ID and _CLIENT_SECRET; GET /oauth/providers lists them.',
  },
  oauth_unreachable: { status: 400, meaning: "The OAuth provider's discovery document could not be read (network, TLS, timeout or a wrong issuer); try again." },
  verifier_unreachable: { status: 400, meaning: 'The address verifier could not be reached (network, TLS or timeout).' },
  verifier_failed: { status: 400, meaning: 'The address verifier refused the check or answered something unreadable.' },
  unauthorized: { status: 401, meaning: 'No credential, or an unknown, revoked or expired one: send "Authorization: Bearer <API key or session token>".' },
  invalid_credentials: { status: 401, meaning: 'The email or password is wrong.' },
  signup_closed: { status: 403, meaning: 'Sign-up is closed on this server; an owner can add you as a member.' },
  session_required: { status: 403, meaning: 'The action needs a logged-in session; an API key cannot do it.' },
  metrics_token_required: {
    status: 401,
    meaning: 'GET /metrics on this server needs "Authorization: Bearer <METRICS_TOKEN>"; the token was missing or wrong.',
  },
  metrics_loopback_only: {
    status: 403,
    meaning: 'METRICS_TOKEN is not set on this server, so GET /metrics answers only requests from the same host (loopback); set METRICS_TOKEN to scrape it from elsewhere.',
  },
  owner_required: { status: 403, meaning: 'Only a workspace owner can do this; an API key acts with member rights.' },
  insufficient_scope: {
    status: 403,
    meaning: 'The API key lacks a scope the operation needs; details.required lists what it needs. Make a key with those scopes (or all).',
  },
  // 404
  not_found: { status: 404, meaning: "No such resource in this workspace (an unknown id, or another workspace's)." },
  route_not_found: { status: 404, meaning: 'No endpoint has this method and path; see /api/docs.' },
  job_result_expired: {
    status: 404,
    meaning: 'A background export keeps its file 7 days after it finished; then the file is deleted and this is answered: start the export again.',
  },
  // 409: the resource's state does not allow the change
  email_taken: { status: 409, meaning: 'An account with this email already exists.' },
  cannot_remove_self: { status: 409, meaning: 'A member cannot remove themselves; another owner can.' },
  mailbox_exists: { status: 409, meaning: 'This inbox is already connected; change the existing one instead.' },
  connection_test_required: { status: 409, meaning: 'The inbox was stopped for its bounce rate; pass the connection test to bring it back.' },
  reconnect_required: {
    status: 409,
    meaning: "Google or Microsoft ended the inbox's access: connect it again with POST /mailboxes/oauth/{provider}/start and its mailbox_id.",
  },
  name_taken: { status: 409, meaning: 'A saved filter, sequence template or saved reply with this name already exists in the workspace.' },
  campaign_active: { status: 409, meaning: 'The change is not allowed while the campaign is active; pause it first.' },
  campaign_is_draft: { status: 409, meaning: 'The campaign has never been activated, so there is nothing to pause.' },
  sequence_locked: { status: 409, meaning: 'The campaign has started, so its existing steps cannot be removed, moved or retyped; details.violations says which.' },
  lead_emailed: { status: 409, meaning: 'The lead has been emailed, so it stays for the record; pause it instead.' },
  lead_not_in_sequence: { status: 409, meaning: "The lead's sequence has ended, so it cannot be paused." },
  lead_not_paused: { status: 409, meaning: 'Only a paused lead can be made active again.' },
  task_closed: { status: 409, meaning: 'The task is already done or skipped.' },
  column_running: { status: 409, meaning: 'A run of the column is going; wait until it ends (running: false) before changing, running again or removing it.' },
  column_in_use: { status: 409, meaning: "An email of the active campaign uses the column's field; remove it from the emails or pause the campaign first." },
  one_off_gone: { status: 409, meaning: 'The one-off email is going out or has gone, so it can no longer be cancelled.' },
  job_not_done: { status: 409, meaning: 'The background job has not finished, so it has no file yet; poll GET /api/jobs/:id until its status is done.' },
  placement_test_running: { status: 409, meaning: 'A placement test of the workspace is still running (one at a time); details.test_id names it.' },
  reply_linked: { status: 409, meaning: 'The reply is not an untracked one: it was matched to its lead when it arrived, or linked to a lead already.' },
  idempotency_key_in_use: {
    status: 409,
    meaning: 'A request with this Idempotency-Key is still running; wait for it to end, then repeat the request to get its answer.',
  },
  // 422: decisions.md §12 idempotency keys
  idempotency_key_reused: {
    status: 422,
    meaning: 'This Idempotency-Key was used (within 24 hours) for a request with another method, path or body; use a new key for a new request.',
  },
  // 413, 429
  payload_too_large: { status: 413, meaning: 'The request body is too large (JSON over 10 MB, CSV over 50 MB); split it.' },
  fetch_too_large: { status: 413, meaning: 'The linked file is larger than allowed.' },
  column_cap_reached: {
    status: 429,
    meaning: "The workspace's monthly cap of prompt-column model calls (COLUMN_MONTHLY_CAP) is reached; it starts again on the 1st (UTC, Retry-After).",
  },
  rate_limited: { status: 429, meaning: 'Too many requests of this kind; wait the Retry-After seconds (also in details.retry_after_seconds).' },
  too_many_jobs: {
    status: 429,
    meaning:
      'The workspace already has as many background jobs (async imports and exports) queued or running as one workspace may have (10); start another when one has finished (Retry-After, also details.retry_after_seconds).',
  },
  too_many_in_flight: {
    status: 429,
    meaning:
      'The workspace already has as many requests waiting on outside servers (answers, connection tests, webhook tests and retries, column previews, domain checks) as one workspace may have at once; retry after Retry-After seconds (also in details.retry_after_seconds).',
  },
  // The server's own
  internal_error: { status: 500, meaning: 'An unexpected server error; it has been logged.' },
  starting: { status: 503, meaning: 'The service is starting and not ready yet; try again in a moment.' },
  not_ready: {
    status: 503,
    meaning: 'GET /api/health/ready: a check failed (the database, its migrations or the job runner); details.failing names them, checks says why.',
  },
} as const satisfies Record<string, { status: ErrorHttpStatus; meaning: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;

export interface ErrorCatalogEntry {
  code: ErrorCode;
  status: ErrorHttpStatus;
  meaning: string;
}

/** The registry as a list, for the API reference (OpenAPI): ordered by status, then code. */
export function errorCatalog(): ErrorCatalogEntry[] {
  return (Object.entries(ERROR_CODES) as [ErrorCode, { status: ErrorHttpStatus; meaning: string }][])
    .map(([code, { status, meaning }]) => ({ code, status, meaning }))
    .sort((a, b) => a.status - b.status || a.code.localeCompare(b.code));
}

export function errorStatus(code: ErrorCode): ErrorHttpStatus {
  const entry = ERROR_CODES[code] as { status: ErrorHttpStatus } | undefined;
  // Only reachable past the compiler (a cast, plain JS): a bug, so loud.
  if (!entry) throw new Error(`Error code ${String(code)} is not in ERROR_CODES (src/contracts/errors.ts).`);
  return entry.status;
}

export interface ErrorBody {
  error: { code: ErrorCode; message: string; details?: Record<string, unknown> };
}

export class AppError extends Error {
  readonly status: ErrorHttpStatus;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'AppError';
    this.status = errorStatus(code);
  }

  toBody(): ErrorBody {
    return { error: { code: this.code, message: this.message, ...(this.details ? { details: this.details } : {}) } };
  }
}

export const unauthorized = (message = 'Send a valid API key or session token as "Authorization: Bearer <token>".') => new AppError('unauthorized', message);
export const notFound = (what: string) => new AppError('not_found', `${what} not found.`);
export const tooManyRequests = (message: string, retryAfterSeconds: number) => new AppError('rate_limited', message, { retry_after_seconds: retryAfterSeconds }, retryAfterSeconds);
