// Answering a reply (POST /replies/:id/reply over GraphQL): pick a saved reply, whose text the service
// renders for this reply (renderSavedReply: merge fields filled for its lead and inbox), or write; then
// send. It goes at once from the inbox that received the reply, in its thread; the thread then shows it.
import { useId, useState } from 'react';
import { useGraphQLMutation } from '../../api/graphql';
import { ErrorState } from '../../ui/QueryView';
import { UniboxRenderSavedReply, UniboxSendAnswer } from './operations';

interface Props {
  replyId: string;
  savedReplies: { id: string; name: string }[];
}

export function AnswerForm({ replyId, savedReplies }: Props) {
  const [body, setBody] = useState('');
  const [saved, setSaved] = useState('');
  const [sentNote, setSentNote] = useState('');
  const render = useGraphQLMutation(UniboxRenderSavedReply);
  const send = useGraphQLMutation(UniboxSendAnswer, ['UniboxReply', 'UniboxReplies', 'UniboxThread']);
  const titleId = useId();

  const pick = (id: string) => {
    setSaved(id);
    setSentNote('');
    if (!id) return;
    render.mutate({ id, replyId }, { onSuccess: (d) => setBody(d.renderSavedReply.body) });
  };
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    send.mutate(
      { id: replyId, body },
      {
        onSuccess: () => {
          setBody('');
          setSaved('');
          setSentNote('Answer sent.');
        },
      },
    );
  };

  return (
    <form className="stack unibox-answer" aria-labelledby={titleId} onSubmit={submit}>
      <h3 id={titleId}>Answer</h3>
      <label>
        Saved reply
        <select value={saved} onChange={(e) => pick(e.target.value)} disabled={savedReplies.length === 0}>
          <option value="">{savedReplies.length === 0 ? 'No saved replies yet' : 'Write my own'}</option>
          {savedReplies.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </select>
      </label>
      <label>
        Your answer
        <textarea
          value={body}
          onChange={(e) => {
            setBody(e.target.value);
            setSentNote('');
          }}
          aria-describedby={`${titleId}-hint`}
          readOnly={render.isPending}
        />
      </label>
      <p id={`${titleId}-hint`} className="muted">
        Merge fields such as {'{{firstName|there}}'} are filled when it is sent; your inbox signature follows.
      </p>
      <ErrorState error={render.error ?? send.error} />
      <div className="row">
        <button type="submit" className="primary" disabled={send.isPending || body.trim() === ''}>
          {send.isPending ? 'Sending…' : 'Send answer'}
        </button>
        <span role="status" aria-live="polite">
          {sentNote}
        </span>
      </div>
    </form>
  );
}
