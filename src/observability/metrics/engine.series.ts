// What this process did (README.md "Series"): counters and histograms kept in its memory, one set per
// service instance. Each process reports its own; Prometheus sums them over the processes.
import { Counter, Histogram, type Registry } from 'prom-client';
import { OAUTH_PROVIDERS, type OAuthProviderName } from '../../runtime/config';
import {
  EMAIL_OUTCOMES,
  JOB_RUN_OUTCOMES,
  OAUTH_REFRESH_OUTCOMES,
  POLL_OUTCOMES,
  REPLY_ITEM_KINDS,
  WEBHOOK_OUTCOMES,
  type EmailOutcome,
  type JobRunOutcome,
  type OAuthRefreshOutcome,
  type PollOutcome,
  type ReplyItemKind,
  type WebhookOutcome,
} from './label-values';

/** Seconds: a dispatch tick is mostly well under a second, a big batch on a slow server a minute or more. */
const TICK_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300];
/** Seconds: from the heartbeat's milliseconds to a column run's minutes. */
const JOB_BUCKETS = [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 300, 900];

export class EngineSeries {
  private readonly emails: Counter<'outcome'>;
  private readonly tick: Histogram<never>;
  private readonly polls: Counter<'outcome'>;
  private readonly replyItems: Counter<'kind'>;
  private readonly webhooks: Counter<'outcome'>;
  private readonly jobRuns: Counter<'job' | 'outcome'>;
  private readonly jobDuration: Histogram<'job'>;
  private readonly jobs = new Set<string>();
  private readonly oauthRefreshes: Counter<'provider' | 'outcome'>;

  constructor(registers: Registry[]) {
    this.emails = new Counter({
      name: 'outreach_emails_total',
      help: 'Emails the sending engine of this process handled, by outcome (sent, bounced, deferred, failed, auth_refused, dropped, interrupted, answer_refused).',
      labelNames: ['outcome'],
      registers,
    });
    this.tick = new Histogram({
      name: 'outreach_dispatch_tick_duration_seconds',
      help: 'How long one dispatch tick took in this process: sweep, plan and deliver.',
      buckets: TICK_BUCKETS,
      registers,
    });
    this.polls = new Counter({
      name: 'outreach_imap_polls_total',
      help: "IMAP polls of one inbox made by this process, by outcome (ok, failed, timed_out: past the poll's deadline, stopped: the service stopping).",
      labelNames: ['outcome'],
      registers,
    });
    this.replyItems = new Counter({
      name: 'outreach_reply_items_total',
      help: 'Reply items this process ingested (new messages, each counted once), by kind (reply, auto_reply, bounce).',
      labelNames: ['kind'],
      registers,
    });
    this.webhooks = new Counter({
      name: 'outreach_webhook_deliveries_total',
      help: 'Webhook delivery attempts this process made, by outcome (delivered: 2xx; retry: failed, another attempt scheduled; failed: failed for good).',
      labelNames: ['outcome'],
      registers,
    });
    this.jobRuns = new Counter({
      name: 'outreach_job_runs_total',
      help: "Job runs in this process, by job and outcome (completed, failed: the handler threw, stopped: told to stop before its end, skipped: the job's fence was held elsewhere).",
      labelNames: ['job', 'outcome'],
      registers,
    });
    this.jobDuration = new Histogram({
      name: 'outreach_job_run_duration_seconds',
      help: 'How long the job runs of this process took, by job (runs that ran their handler).',
      labelNames: ['job'],
      buckets: JOB_BUCKETS,
      registers,
    });
    this.oauthRefreshes = new Counter({
      name: 'outreach_oauth_refreshes_total',
      help: 'OAuth access token refreshes this process made for Google and Microsoft inboxes, by provider and outcome (ok, invalid_grant: the inbox needs reconnecting, failed: the provider unreachable or refusing for now).',
      labelNames: ['provider', 'outcome'],
      registers,
    });
    for (const provider of OAUTH_PROVIDERS) for (const outcome of OAUTH_REFRESH_OUTCOMES) this.oauthRefreshes.inc({ provider, outcome }, 0);
    for (const outcome of EMAIL_OUTCOMES) this.emails.inc({ outcome }, 0);
    for (const outcome of POLL_OUTCOMES) this.polls.inc({ outcome }, 0);
    for (const kind of REPLY_ITEM_KINDS) this.replyItems.inc({ kind }, 0);
    for (const outcome of WEBHOOK_OUTCOMES) this.webhooks.inc({ outcome }, 0);
  }

  email(outcome: EmailOutcome, n = 1): void {
    if (n > 0) this.emails.inc({ outcome }, n);
  }

  dispatchTick(seconds: number): void {
    this.tick.observe(seconds);
  }

  oauthRefresh(provider: OAuthProviderName, outcome: OAuthRefreshOutcome): void {
    this.oauthRefreshes.inc({ provider, outcome });
  }

  imapPoll(outcome: PollOutcome): void {
    this.polls.inc({ outcome });
  }

  replyItem(kind: ReplyItemKind, n = 1): void {
    if (n > 0) this.replyItems.inc({ kind }, n);
  }

  webhookAttempt(outcome: WebhookOutcome): void {
    this.webhooks.inc({ outcome });
  }

  /** A job this process may run (the runner's definitions, so the label's values are ours): its
   *  series start at zero. */
  declareJob(job: string): void {
    if (this.jobs.has(job)) return;
    this.jobs.add(job);
    for (const outcome of JOB_RUN_OUTCOMES) this.jobRuns.inc({ job, outcome }, 0);
  }

  /** One run of a declared job; `seconds` when its handler ran. */
  jobRun(job: string, outcome: JobRunOutcome, seconds?: number): void {
    // Only declared names: a label value never comes from a row or a request.
    if (!this.jobs.has(job)) return;
    this.jobRuns.inc({ job, outcome });
    if (seconds !== undefined) this.jobDuration.observe({ job }, seconds);
  }
}
