// What a campaign needs to send (decisions.md §14): the inboxes it sends from (and sender-pool tags,
// decisions.md §11), its daily and new-lead limits, its schedule and dates. Saved with updateCampaign
// (PATCH /campaigns/:id), which refuses what api.md Campaigns 3 refuses; the service's message is shown,
// or the console's words for it (status-words.ts REFUSAL_WORDS). Seed inboxes never send (decisions.md
// §16): they are not offered, nor are tags only seeds carry.
// The controls a reason or warning points at take the focus when a link asks (fix-links.tsx).
import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { useGraphQL, useGraphQLMutation } from '../../api/graphql';
import { graphql } from '../../gql';
import { count } from '../../ui/format';
import { ErrorState, Loading } from '../../ui/QueryView';
import type { CampaignDetail } from './campaign-types';
import { useFixTarget, WordedLine } from './fix-links';
import { SendingFrom } from './SendingFrom';
import { inWords, REFUSAL_WORDS } from './status-words';

const CampaignInboxes = graphql(`
  query CampaignInboxes {
    mailboxes {
      id
      email
      fromName
      status
      tags
      capToday
      purpose
    }
  }
`);

const CampaignUpdateSettings = graphql(`
  mutation CampaignUpdateSettings($id: ID!, $input: UpdateCampaignInput!) {
    updateCampaign(id: $id, input: $input) {
      id
    }
  }
`);

const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** Zone names for the select: the browser's list, plus the campaign's own should the browser lack it. */
function zones(current: string): string[] {
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return all.includes(current) ? all : [current, ...all];
}

export function CampaignSettings({ campaign }: { campaign: CampaignDetail }) {
  const inboxes = useGraphQL(CampaignInboxes);
  const save = useGraphQLMutation(CampaignUpdateSettings, ['CampaignView', 'CampaignSendingStatus', 'CampaignPreviewLeads']);
  const [mailboxIds, setMailboxIds] = useState<string[]>(campaign.mailboxIds);
  const [mailboxTags, setMailboxTags] = useState<string[]>(campaign.mailboxTags);
  const [dailyLimit, setDailyLimit] = useState(String(campaign.dailyLimit));
  const [days, setDays] = useState<number[]>(campaign.days);
  const [windowStart, setWindowStart] = useState(campaign.windowStart);
  const [windowEnd, setWindowEnd] = useState(campaign.windowEnd);
  const [timezone, setTimezone] = useState(campaign.timezone);
  const [unsubHeader, setUnsubHeader] = useState(campaign.unsubHeader);
  const [maxNewLeads, setMaxNewLeads] = useState(campaign.maxNewLeadsPerDay === null || campaign.maxNewLeadsPerDay === undefined ? '' : String(campaign.maxNewLeadsPerDay));
  const [startDate, setStartDate] = useState(campaign.startDate ?? '');
  const [endDate, setEndDate] = useState(campaign.endDate ?? '');
  const targets = {
    inboxes: useFixTarget('inboxes'),
    schedule: useFixTarget('schedule'),
    dates: useFixTarget('dates'),
    dailyLimit: useFixTarget('daily-limit'),
    newLeads: useFixTarget('new-leads'),
    unsubscribe: useFixTarget('unsubscribe'),
  };
  // Several windows (set over the API) replace days and hours; they are shown, not edited, here.
  const windows = campaign.windows?.length ? campaign.windows : null;
  const hasWindows = windows !== null;

  const toggle = <T,>(list: T[], value: T, on: boolean) => (on ? [...list, value] : list.filter((v) => v !== value));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate({
      id: campaign.id,
      input: {
        mailboxIds,
        mailboxTags,
        dailyLimit: Number(dailyLimit),
        // Blank: no limit, no start, no end.
        maxNewLeadsPerDay: maxNewLeads.trim() === '' ? null : Number(maxNewLeads),
        startDate: startDate || null,
        endDate: endDate || null,
        timezone,
        unsubHeader,
        ...(hasWindows ? {} : { days: [...days].sort((a, b) => a - b), windowStart, windowEnd }),
      },
    });
  };

  if (inboxes.isPending) return <Loading what="inboxes" />;
  if (inboxes.isError) return <ErrorState error={inboxes.error} onRetry={() => void inboxes.refetch()} />;
  const sending = inboxes.data.mailboxes.filter((m) => m.purpose !== 'seed');
  const tags = [...new Set([...sending.flatMap((m) => m.tags), ...campaign.mailboxTags])].sort();
  const refusal = save.error && save.error.code in REFUSAL_WORDS ? inWords(REFUSAL_WORDS, save.error.code, { campaign }) : null;

  return (
    <form className="stack settings" onSubmit={submit} aria-label="Campaign settings">
      <fieldset ref={targets.inboxes} tabIndex={-1}>
        <legend>Send from these inboxes</legend>
        {sending.length === 0 ? (
          <p className="empty">
            No inboxes connected yet. <Link href="/settings">Connect an inbox</Link> in the settings first.
          </p>
        ) : (
          sending.map((m) => (
            <label key={m.id} className="check">
              <input type="checkbox" checked={mailboxIds.includes(m.id)} onChange={(e) => setMailboxIds(toggle(mailboxIds, m.id, e.target.checked))} />
              {m.email}
              <span className="muted">
                {m.fromName} · {m.status} · {count(m.capToday)} a day now
              </span>
            </label>
          ))
        )}
      </fieldset>
      {tags.length > 0 ? (
        <fieldset>
          <legend>Also send from every inbox tagged</legend>
          {tags.map((t) => (
            <label key={t} className="check">
              <input type="checkbox" checked={mailboxTags.includes(t)} onChange={(e) => setMailboxTags(toggle(mailboxTags, t, e.target.checked))} />
              {t}
            </label>
          ))}
        </fieldset>
      ) : null}
      <SendingFrom sendingIds={campaign.sendingMailboxIds} chosenIds={campaign.mailboxIds} tags={campaign.mailboxTags} inboxes={sending} />
      <label>
        Daily limit (emails a day)
        <input ref={targets.dailyLimit} type="number" min={1} required value={dailyLimit} onChange={(e) => setDailyLimit(e.target.value)} />
      </label>
      <label>
        New leads a day (blank: no limit)
        <input ref={targets.newLeads} type="number" min={1} value={maxNewLeads} onChange={(e) => setMaxNewLeads(e.target.value)} />
      </label>
      <label>
        Timezone
        <select value={timezone} onChange={(e) => setTimezone(e.target.value)}>
          {zones(campaign.timezone).map((z) => (
            <option key={z} value={z}>
              {z}
            </option>
          ))}
        </select>
      </label>
      {windows ? (
        <p className="muted" ref={targets.schedule} tabIndex={-1}>
          Sends in {windows.length} windows: {windows.map((w) => `${w.days.map((d) => DAY_NAMES[d]!.slice(0, 3)).join(', ')} ${w.start}–${w.end}`).join('; ')} (set through the
          API).
        </p>
      ) : (
        <>
          <fieldset ref={targets.schedule} tabIndex={-1}>
            <legend>Sending days</legend>
            <div className="row">
              {DAY_NAMES.map((name, d) => (
                <label key={name} className="check">
                  <input type="checkbox" checked={days.includes(d)} onChange={(e) => setDays(toggle(days, d, e.target.checked))} />
                  {name}
                </label>
              ))}
            </div>
          </fieldset>
          <div className="row">
            <label>
              From (HH:MM)
              <input value={windowStart} onChange={(e) => setWindowStart(e.target.value)} pattern="\d{2}:\d{2}" required size={6} />
            </label>
            <label>
              Until (HH:MM, 24:00 is midnight)
              <input value={windowEnd} onChange={(e) => setWindowEnd(e.target.value)} pattern="\d{2}:\d{2}" required size={6} />
            </label>
          </div>
        </>
      )}
      <fieldset ref={targets.dates} tabIndex={-1}>
        <legend>Dates (in the campaign’s timezone; blank: none)</legend>
        <div className="row">
          <label>
            Start date
            <input type="date" value={startDate} onChange={(e) => setStartDate(e.target.value)} />
          </label>
          <label>
            End date
            <input type="date" value={endDate} onChange={(e) => setEndDate(e.target.value)} />
          </label>
        </div>
      </fieldset>
      <label className="check">
        <input ref={targets.unsubscribe} type="checkbox" checked={unsubHeader} onChange={(e) => setUnsubHeader(e.target.checked)} />
        One-click unsubscribe header (required to activate)
      </label>
      {save.error ? (
        <div className="error-state" role="alert">
          <p>
            <strong>The settings were not saved.</strong> {refusal ? <WordedLine worded={refusal} campaignId={campaign.id} /> : save.error.message}
          </p>
        </div>
      ) : null}
      {save.isSuccess ? <p role="status">Settings saved.</p> : null}
      <div className="row">
        <button type="submit" className="primary" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save settings'}
        </button>
      </div>
    </form>
  );
}
