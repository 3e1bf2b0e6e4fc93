// Snooze: hides the reply from the list until a moment (PATCH /replies/:id/snooze); a few presets or a
// date and time of one's own, in the browser's time zone. A snoozed reply can be brought back now.
import { useState } from 'react';
import { useGraphQLMutation } from '../../api/graphql';
import { dateTime } from '../../ui/format';
import { ErrorState } from '../../ui/QueryView';
import { UniboxSnoozeReply } from './operations';

/** 9:00 local time `days` days from now. */
function morning(days: number, now = new Date()): Date {
  const d = new Date(now);
  d.setDate(d.getDate() + days);
  d.setHours(9, 0, 0, 0);
  return d;
}

/** Next Monday 9:00 (a week on when today is Monday). */
const nextMonday = (now = new Date()) => morning((8 - now.getDay()) % 7 || 7, now);

const PRESETS: { label: string; at: () => Date }[] = [
  { label: 'In 3 hours', at: () => new Date(Date.now() + 3 * 3600_000) },
  { label: 'Tomorrow 9:00', at: () => morning(1) },
  { label: 'Next Monday 9:00', at: () => nextMonday() },
];

interface Props {
  replyId: string;
  snoozedUntil: string | null;
  onSnoozed: () => void;
}

export function SnoozeControl({ replyId, snoozedUntil, onSnoozed }: Props) {
  const [custom, setCustom] = useState('');
  const snooze = useGraphQLMutation(UniboxSnoozeReply, ['UniboxReply', 'UniboxReplies']);
  const until = (at: Date | null) =>
    snooze.mutate({ id: replyId, input: { until: at ? at.toISOString() : null } }, { onSuccess: (d) => (d.snoozeReply.snoozedUntil ? onSnoozed() : undefined) });
  const snoozed = snoozedUntil !== null && new Date(snoozedUntil).getTime() > Date.now();

  return (
    <fieldset className="unibox-snooze">
      <legend>Snooze</legend>
      {snoozed ? (
        <p>
          Snoozed until {dateTime(snoozedUntil)}.{' '}
          <button type="button" onClick={() => until(null)} disabled={snooze.isPending}>
            Bring back now
          </button>
        </p>
      ) : null}
      <div className="row">
        {PRESETS.map((p) => (
          <button key={p.label} type="button" onClick={() => until(p.at())} disabled={snooze.isPending}>
            {p.label}
          </button>
        ))}
        <label>
          Snooze until
          <input type="datetime-local" value={custom} onChange={(e) => setCustom(e.target.value)} />
        </label>
        <button type="button" onClick={() => until(new Date(custom))} disabled={snooze.isPending || custom === ''}>
          Snooze
        </button>
      </div>
      <ErrorState error={snooze.error} />
    </fieldset>
  );
}
