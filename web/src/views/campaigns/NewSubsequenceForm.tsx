// "New subsequence": a name and a trigger, exactly one of the three kinds createSubsequence takes
// (SubsequenceTriggerInput). The service checks the trigger (labels, word lengths, at least one); its
// refusal is shown with each field's reason in words.
import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import type { ApiError } from '../../api/errors';
import { useGraphQLMutation } from '../../api/graphql';
import { graphql } from '../../gql';
import type { SubsequenceTriggerInput } from '../../gql/graphql';
import { INTEREST_CHOICES, splitWords } from './subsequence-trigger';

const CampaignCreateSubsequence = graphql(`
  mutation CampaignCreateSubsequence($campaignId: ID!, $input: CreateSubsequenceInput!) {
    createSubsequence(campaignId: $campaignId, input: $input) {
      id
      name
    }
  }
`);

type Kind = 'interest' | 'replyContains' | 'completed';
const KINDS: { value: Kind; label: string }[] = [
  { value: 'interest', label: "The lead's interest becomes…" },
  { value: 'replyContains', label: 'A reply from the lead contains…' },
  { value: 'completed', label: 'The lead finished this sequence without replying' },
];

// The form's words for the fields a reason starts with ("trigger.reply_contains must be …").
const FIELD_WORDS: Record<string, string> = {
  name: 'The name',
  interest: 'The interest labels',
  reply_contains: 'The words',
  replyContains: 'The words',
  completed: 'The trigger',
  trigger: 'The trigger',
};

/** The `fields` of a validation_failed refusal ({"trigger.reply_contains": ["trigger.reply_contains must
 *  be …"]}), one reason a line, each starting with the form's name for its field. */
function fieldReasons(details: Record<string, unknown> | undefined): string[] {
  const fields = details?.fields;
  if (!fields || typeof fields !== 'object') return [];
  const reasons = Object.values(fields).flatMap((list: unknown) => (Array.isArray(list) ? list.map(String) : []));
  return reasons.map((r) => r.replace(/^(?:[\w[\]]+\.)*(\w+)/, (path, last: string) => FIELD_WORDS[last] ?? path));
}

/** The service's refusal: each field's reason when it gave them, else its message. */
function Refusal({ error }: { error: ApiError }) {
  const reasons = fieldReasons(error.details);
  return (
    <div className="error-state" role="alert">
      <p>
        <strong>The subsequence was not created.</strong> {reasons.length === 0 ? error.message : null}
      </p>
      {reasons.length > 0 ? (
        <ul>
          {reasons.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

export function NewSubsequenceForm({ campaignId, onClose }: { campaignId: string; onClose: () => void }) {
  const create = useGraphQLMutation(CampaignCreateSubsequence, ['CampaignSubsequences']);
  const [name, setName] = useState('');
  const [kind, setKind] = useState<Kind>('interest');
  const [interest, setInterest] = useState<string[]>([]);
  const [words, setWords] = useState('');
  // What the form can tell before asking the service: a trigger kind with nothing chosen.
  const [missing, setMissing] = useState<string | null>(null);

  const trigger = (): SubsequenceTriggerInput => (kind === 'interest' ? { interest } : kind === 'replyContains' ? { replyContains: splitWords(words) } : { completed: true });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const t = trigger();
    const nothing = t.interest?.length === 0 ? 'Choose at least one interest label.' : t.replyContains?.length === 0 ? 'Write at least one word or phrase.' : null;
    setMissing(nothing);
    if (nothing) return;
    create.mutate({ campaignId, input: { name: name.trim(), trigger: t } }, { onSuccess: () => setName('') });
  };
  const created = create.data?.createSubsequence;

  return (
    <form className="card stack settings new-subsequence" onSubmit={submit} aria-label="New subsequence">
      <label>
        Subsequence name
        <input value={name} onChange={(e) => setName(e.target.value)} required maxLength={200} />
      </label>
      <fieldset>
        <legend>Start it when</legend>
        {KINDS.map((k) => (
          <label key={k.value} className="check">
            <input type="radio" name="trigger-kind" value={k.value} checked={kind === k.value} onChange={() => setKind(k.value)} />
            {k.label}
          </label>
        ))}
      </fieldset>
      {kind === 'interest' ? (
        <fieldset>
          <legend>Interest labels (any of them)</legend>
          <div className="row">
            {INTEREST_CHOICES.map((l) => (
              <label key={l.value} className="check">
                <input
                  type="checkbox"
                  checked={interest.includes(l.value)}
                  onChange={(e) => setInterest(e.target.checked ? [...interest, l.value] : interest.filter((v) => v !== l.value))}
                />
                {l.label}
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
      {kind === 'replyContains' ? (
        <label>
          Words or phrases, separated by commas (any of them, any case)
          <input value={words} onChange={(e) => setWords(e.target.value)} placeholder="pricing, price list" />
        </label>
      ) : null}
      {missing ? (
        <p className="error-state" role="alert">
          {missing}
        </p>
      ) : null}
      {create.error && !missing ? <Refusal error={create.error} /> : null}
      {created && !create.error && !missing ? (
        <p role="status">
          Subsequence <Link href={`/campaigns/${created.id}`}>{created.name}</Link> created as a draft: add its steps on its page.
        </p>
      ) : null}
      <div className="row">
        <button type="submit" className="primary" disabled={create.isPending}>
          {create.isPending ? 'Creating…' : 'Create subsequence'}
        </button>
        <button type="button" onClick={onClose}>
          Close
        </button>
      </div>
    </form>
  );
}
