// The live preview (decisions.md §14): the emails rendered for one lead of the campaign, from the words
// being typed (debounced), through previewCampaign (POST /campaigns/:id/preview: nothing saved or sent).
// Rendered text is shown as text, never as HTML. Its notes (why it differs from a send) are in the
// console's words, from their codes, with a link to what fixes each (status-words.ts).
import { keepPreviousData } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useGraphQL } from '../../api/graphql';
import { graphql } from '../../gql';
import { ErrorState, Loading } from '../../ui/QueryView';
import { WordedLine } from './fix-links';
import { inWords, PREVIEW_NOTE_WORDS } from './status-words';
import { useDebounced } from './useDebounced';

const CampaignPreviewLeads = graphql(`
  query CampaignPreviewLeads($campaignId: ID!) {
    leads(campaignId: $campaignId, query: { limit: 100 }) {
      items {
        id
        email
      }
    }
    leadFields(campaignId: $campaignId)
  }
`);

// A mutation in the schema because it is a POST over REST, but it changes nothing: run as a query, so it
// is cached per draft and lead.
const CampaignPreview = graphql(`
  mutation CampaignPreview($id: ID!, $input: PreviewInput) {
    previewCampaign(id: $id, input: $input) {
      from
      lead {
        id
        email
      }
      notes {
        code
      }
      steps {
        subject
        text
        blanks {
          field
        }
      }
    }
  }
`);

interface Props {
  campaignId: string;
  /** The email steps to render, as they stand in the editor. */
  steps: { position: number; subject: string; body: string }[];
  /** The step being edited (its position), marked in the preview. */
  highlight: number | null;
}

export function StepPreview({ campaignId, steps, highlight }: Props) {
  const selectId = useId();
  const leads = useGraphQL(CampaignPreviewLeads, { campaignId });
  const [picked, setPicked] = useState('');
  const items = leads.data?.leads.items ?? [];
  // Until one is picked, the campaign's first lead (the one the service would choose).
  const leadId = picked || items[0]?.id || null;
  const settled = useDebounced(steps, 300);
  const input = { leadId, steps: settled.map(({ subject, body }) => ({ subject, body })) };
  const preview = useGraphQL(CampaignPreview, { id: campaignId, input }, { enabled: settled.length > 0 && !leads.isPending, placeholderData: keepPreviousData });
  const rendered = preview.data?.previewCampaign;

  return (
    <section aria-labelledby="preview-heading" className="card preview">
      <h2 id="preview-heading">Preview</h2>
      {leads.isError ? <ErrorState error={leads.error} onRetry={() => void leads.refetch()} /> : null}
      <label htmlFor={selectId}>Preview for lead</label>
      <select id={selectId} value={leadId ?? ''} onChange={(e) => setPicked(e.target.value)} disabled={items.length === 0}>
        {items.length === 0 ? <option value="">No leads yet: rendered without lead fields</option> : null}
        {items.map((l) => (
          <option key={l.id} value={l.id}>
            {l.email}
          </option>
        ))}
      </select>
      {leads.data && leads.data.leadFields.length > 0 ? <p className="muted hint">Lead fields: {leads.data.leadFields.join(', ')}</p> : null}
      {settled.length === 0 ? (
        <p className="muted">Add an email step to see it rendered here.</p>
      ) : preview.isPending ? (
        <Loading what="the preview" />
      ) : preview.isError ? (
        <ErrorState error={preview.error} onRetry={() => void preview.refetch()} />
      ) : rendered ? (
        <div aria-live="polite" aria-busy={preview.isFetching}>
          <p className="muted">
            {rendered.lead ? `For ${rendered.lead.email}` : 'For no lead'}
            {rendered.from ? ` · from ${rendered.from}` : ''}
          </p>
          {rendered.notes.map((n) => (
            <p key={n.code} className="notice">
              <WordedLine worded={inWords(PREVIEW_NOTE_WORDS, n.code)} campaignId={campaignId} />
            </p>
          ))}
          {rendered.steps.map((s, i) => {
            const position = settled[i]?.position ?? i + 1;
            return (
              <article key={position} className={`preview-email${position === highlight ? ' current' : ''}`} aria-label={`Preview of step ${position}`}>
                <h3>Step {position}</h3>
                <p>
                  <span className="muted">Subject: </span>
                  <span data-testid="preview-subject">{s.subject}</span>
                </p>
                <pre className="preview-body">{s.text}</pre>
                {s.blanks.length > 0 ? <p className="warn-text">Blank for this lead: {s.blanks.map((b) => b.field).join(', ')}</p> : null}
              </article>
            );
          })}
        </div>
      ) : null}
    </section>
  );
}
