// An inbox's tags (sender pools, decisions.md §11): a campaign that names one of them sends from every
// inbox carrying it, so tagging an inbox here adds it to those campaigns at their next tick. Edited in
// place through updateMailbox, whose `tags` replaces the whole list.
import { useState, type FormEvent } from 'react';
import { useGraphQLMutation } from '../../api/graphql';
import { graphql } from '../../gql';
import { ErrorState } from '../../ui/QueryView';
import './inbox-tags.css';

const SettingsUpdateInboxTags = graphql(`
  mutation SettingsUpdateInboxTags($id: ID!, $tags: [String!]!) {
    updateMailbox(id: $id, input: { tags: $tags }) {
      id
      tags
    }
  }
`);

// The campaign views list tags and the inboxes a campaign sends from: they change with an inbox's tags.
const REFRESH = ['SettingsInboxes', 'CampaignInboxes', 'CampaignView'];

/** "warm, EU senders ,, warm" → ["warm", "EU senders"]: commas separate, blanks and repeats go. */
const parseTags = (text: string): string[] => [
  ...new Set(
    text
      .split(',')
      .map((t) => t.trim())
      .filter((t) => t.length > 0),
  ),
];

export function InboxTags({ inboxId, email, tags }: { inboxId: string; email: string; tags: readonly string[] }) {
  const save = useGraphQLMutation(SettingsUpdateInboxTags, REFRESH);
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState('');

  const start = () => {
    save.reset();
    setText(tags.join(', '));
    setEditing(true);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate({ id: inboxId, tags: parseTags(text) }, { onSuccess: () => setEditing(false) });
  };

  if (!editing) {
    return (
      <div className="inbox-tags">
        {tags.length > 0 ? (
          <ul className="tag-list" aria-label={`Tags of ${email}`}>
            {tags.map((t) => (
              <li key={t} className="badge">
                {t}
              </li>
            ))}
          </ul>
        ) : (
          <span className="muted small">No tags</span>
        )}
        <button type="button" className="link" onClick={start} aria-label={`Edit tags of ${email}`}>
          Edit
        </button>
      </div>
    );
  }
  return (
    <form className="inbox-tags-form" onSubmit={submit} aria-label={`Tags of ${email}`}>
      <label>
        <span className="small">Tags (separate them with commas)</span>
        <input value={text} onChange={(e) => setText(e.target.value)} aria-label={`Tags of ${email} (separate them with commas)`} autoFocus />
      </label>
      <div className="actions">
        <button type="submit" className="primary" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save tags'}
        </button>
        <button type="button" onClick={() => setEditing(false)}>
          Cancel
        </button>
      </div>
      <ErrorState error={save.error} />
    </form>
  );
}
