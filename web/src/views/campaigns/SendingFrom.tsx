// Which inboxes the campaign sends from now, in words (sender pools, decisions.md §11): the service's
// sendingMailboxIds (its own inboxes plus every inbox carrying one of its tags, resolved at every tick),
// each with why it is there. It follows the saved settings, not the unsaved checkboxes above it.
import type { CampaignInboxesQuery } from '../../gql/graphql';
import { either } from './words';
import './subsequences.css';

type Inbox = CampaignInboxesQuery['mailboxes'][number];

interface Props {
  sendingIds: readonly string[];
  chosenIds: readonly string[];
  tags: readonly string[];
  inboxes: readonly Inbox[];
}

export function SendingFrom({ sendingIds, chosenIds, tags, inboxes }: Props) {
  const byId = new Map(inboxes.map((m) => [m.id, m]));
  return (
    <section className="sending-from" aria-labelledby="sending-from-title">
      <h3 id="sending-from-title">Sends from now</h3>
      {sendingIds.length === 0 ? (
        <p className="muted">No inbox: choose one above, or a tag some inbox carries, and save.</p>
      ) : (
        <>
          <p>
            {sendingIds.length === 1 ? '1 inbox' : `${sendingIds.length} inboxes`}
            {tags.length > 0 ? `, with every inbox tagged ${either(tags.map((t) => `“${t}”`))}` : ''}:
          </p>
          <ul aria-label="Inboxes the campaign sends from">
            {sendingIds.map((id) => {
              const inbox = byId.get(id);
              return (
                <li key={id}>
                  {inbox?.email ?? id} <span className="muted">({why(id, inbox, chosenIds, tags)})</span>
                </li>
              );
            })}
          </ul>
        </>
      )}
    </section>
  );
}

/** "chosen", "tagged “warm”", or both. */
function why(id: string, inbox: Inbox | undefined, chosenIds: readonly string[], tags: readonly string[]): string {
  const reasons: string[] = [];
  if (chosenIds.includes(id)) reasons.push('chosen');
  const pooled = inbox?.tags.filter((t) => tags.includes(t)) ?? [];
  if (pooled.length > 0) reasons.push(`tagged ${pooled.map((t) => `“${t}”`).join(', ')}`);
  return reasons.join(' and ') || 'in the pool';
}
