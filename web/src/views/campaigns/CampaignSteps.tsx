// The sequence (decisions.md §14): each step's words and wait, add / edit / delete an email step, and a
// live preview of the emails for a chosen lead while the step is being written. Saving sends the whole
// sequence (updateCampaignSteps, PUT /campaigns/:id/steps).
import { useState } from 'react';
import { useGraphQLMutation } from '../../api/graphql';
import { graphql } from '../../gql';
import type { StepInput } from '../../gql/graphql';
import type { CampaignDetail, CampaignStep } from './campaign-types';
import { useFixTarget } from './fix-links';
import { StepPreview } from './StepPreview';
import { MINUTES_PER_DAY, previewSteps, toInput, waitInWords, withDraft, without, type EmailDraft } from './step-inputs';

const CampaignSaveSteps = graphql(`
  mutation CampaignSaveSteps($campaignId: ID!, $steps: [StepInput!]!) {
    updateCampaignSteps(campaignId: $campaignId, steps: $steps) {
      steps
    }
  }
`);

const REFRESH = ['CampaignView', 'CampaignSendingStatus', 'CampaignStats'];

/** The step being edited: its index (steps.length for a new one) and which variant. */
interface Editing {
  index: number;
  variant: number;
  draft: EmailDraft;
}

const variantName = (i: number) => String.fromCharCode(65 + i);

export function CampaignSteps({ campaign }: { campaign: CampaignDetail }) {
  const steps = campaign.steps;
  const [editing, setEditing] = useState<Editing | null>(null);
  const save = useGraphQLMutation(CampaignSaveSteps, REFRESH);
  const addStepRef = useFixTarget('steps');

  const edit = (index: number, variant = 0) => {
    save.reset();
    const step = steps[index];
    if (!step) {
      // A follow-up waits three days and answers in the thread (empty subject); the first needs a subject.
      const first = steps.length === 0;
      setEditing({ index, variant: 0, draft: { subject: '', body: '', waitMinutes: first ? 0 : 3 * MINUTES_PER_DAY } });
      return;
    }
    const v = step.variants[variant] ?? { subject: '', body: '' };
    setEditing({ index, variant, draft: { subject: v.subject, body: v.body, waitMinutes: step.waitMinutes } });
  };
  const submit = (inputs: StepInput[]) => save.mutate({ campaignId: campaign.id, steps: inputs }, { onSuccess: () => setEditing(null) });

  // The preview follows the draft: the sequence as it would be saved now.
  const sequence = editing ? withDraft(steps, editing.index, editing.variant, editing.draft) : steps.map((s, i) => toInput(s, i + 1));
  const shown = previewSteps(sequence, (i) => (editing && i === editing.index ? editing.variant : 0));

  return (
    <div className="steps-layout">
      <section aria-labelledby="steps-heading">
        <div className="row section-head">
          <h2 id="steps-heading">Sequence</h2>
          <span className="spacer" />
          <button ref={addStepRef} type="button" onClick={() => edit(steps.length)} disabled={editing?.index === steps.length}>
            Add email step
          </button>
        </div>
        {save.error && !editing ? (
          <div className="error-state" role="alert">
            <p>
              <strong>The steps were not saved.</strong> {save.error.message}
            </p>
          </div>
        ) : null}
        {steps.length === 0 && !editing ? <div className="empty">No steps yet. Add an email step: a campaign needs at least one to be activated.</div> : null}
        <ol className="step-list">
          {steps.map((step, i) => (
            <li key={step.id} className="card">
              {editing?.index === i ? (
                <StepEditor
                  position={i + 1}
                  step={step}
                  editing={editing}
                  onChange={setEditing}
                  onVariant={(v) => edit(i, v)}
                  onSave={() => submit(withDraft(steps, i, editing.variant, editing.draft))}
                  onCancel={() => setEditing(null)}
                  saving={save.isPending}
                  error={save.error?.message}
                />
              ) : (
                <StepSummary position={i + 1} step={step} onEdit={() => edit(i)} onDelete={() => submit(without(steps, i))} busy={save.isPending} />
              )}
            </li>
          ))}
          {editing?.index === steps.length ? (
            <li className="card">
              <StepEditor
                position={steps.length + 1}
                step={null}
                editing={editing}
                onChange={setEditing}
                onVariant={() => undefined}
                onSave={() => submit(sequence)}
                onCancel={() => setEditing(null)}
                saving={save.isPending}
                error={save.error?.message}
              />
            </li>
          ) : null}
        </ol>
      </section>
      <StepPreview campaignId={campaign.id} steps={shown} highlight={editing ? editing.index + 1 : null} />
    </div>
  );
}

function StepSummary({ position, step, onEdit, onDelete, busy }: { position: number; step: CampaignStep; onEdit: () => void; onDelete: () => void; busy: boolean }) {
  const [confirming, setConfirming] = useState(false);
  const first = step.variants[0];
  return (
    <article aria-label={`Step ${position}`}>
      <div className="row">
        <h3>Step {position}</h3>
        <span className="muted">{waitInWords(step.waitMinutes)}</span>
        {step.condition && step.condition !== 'no_reply' ? <span className="badge">if {step.condition.replace(/_/g, ' ')}</span> : null}
        {step.variants.length > 1 ? <span className="badge">{step.variants.length} variants</span> : null}
        <span className="spacer" />
        {step.task ? null : (
          <button type="button" onClick={onEdit} aria-label={`Edit step ${position}`}>
            Edit
          </button>
        )}
        {confirming ? (
          <>
            <button type="button" className="danger" onClick={onDelete} disabled={busy} aria-label={`Confirm: delete step ${position}`}>
              Delete it
            </button>
            <button type="button" onClick={() => setConfirming(false)}>
              Keep
            </button>
          </>
        ) : (
          <button type="button" className="danger" onClick={() => setConfirming(true)} aria-label={`Delete step ${position}`}>
            Delete
          </button>
        )}
      </div>
      {step.task ? (
        <p>
          <span className="badge">{step.task.kind.replace(/_/g, ' ')} task</span> {step.task.text}
        </p>
      ) : first ? (
        <>
          <p className="step-subject">{first.subject || <span className="muted">(replies in the same thread)</span>}</p>
          <p className="step-body muted">{first.body.slice(0, 240)}</p>
        </>
      ) : null}
    </article>
  );
}

interface EditorProps {
  position: number;
  step: CampaignStep | null;
  editing: Editing;
  onChange: (e: Editing) => void;
  onVariant: (variant: number) => void;
  onSave: () => void;
  onCancel: () => void;
  saving: boolean;
  error?: string;
}

function StepEditor({ position, step, editing, onChange, onVariant, onSave, onCancel, saving, error }: EditorProps) {
  const set = (change: Partial<EmailDraft>) => onChange({ ...editing, draft: { ...editing.draft, ...change } });
  const days = editing.draft.waitMinutes / MINUTES_PER_DAY;
  return (
    <form
      className="stack step-editor"
      aria-label={`Edit step ${position}`}
      onSubmit={(e) => {
        e.preventDefault();
        onSave();
      }}
    >
      <h3>{step ? `Step ${position}` : `New step ${position}`}</h3>
      {step && step.variants.length > 1 ? (
        <label>
          Variant
          <select value={editing.variant} onChange={(e) => onVariant(Number(e.target.value))}>
            {step.variants.map((v, i) => (
              <option key={i} value={i}>
                {variantName(i)}
                {v.enabled ? '' : ' (off)'}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <label>
        Subject
        <input value={editing.draft.subject} onChange={(e) => set({ subject: e.target.value })} placeholder={position > 1 ? 'Empty: replies in the same thread' : ''} />
      </label>
      <label>
        Body
        <textarea value={editing.draft.body} onChange={(e) => set({ body: e.target.value })} rows={8} />
      </label>
      {position > 1 ? (
        <label>
          Wait before it (days)
          <input
            type="number"
            min={0}
            step={1}
            value={Number.isInteger(days) ? days : days.toFixed(2)}
            onChange={(e) => set({ waitMinutes: Math.round(Number(e.target.value) * MINUTES_PER_DAY) })}
          />
        </label>
      ) : null}
      <p className="muted hint">
        {'{{field}}'} inserts a field of the lead (a column of its CSV), {'{{field|fallback}}'} the fallback when it is empty.
      </p>
      {error ? (
        <div className="error-state" role="alert">
          <p>
            <strong>The step was not saved.</strong> {error}
          </p>
        </div>
      ) : null}
      <div className="row">
        <button type="submit" className="primary" disabled={saving}>
          {saving ? 'Saving…' : 'Save step'}
        </button>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
