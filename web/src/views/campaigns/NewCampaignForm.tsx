// "New campaign": a name is all the service needs; the campaign page takes it from there.
import { useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { useGraphQLMutation } from '../../api/graphql';
import { graphql } from '../../gql';
import { ErrorState } from '../../ui/QueryView';

const CreateCampaign = graphql(`
  mutation CampaignsCreate($input: CreateCampaignInput!) {
    createCampaign(input: $input) {
      id
    }
  }
`);

export function NewCampaignForm() {
  const [, navigate] = useLocation();
  const [name, setName] = useState('');
  const create = useGraphQLMutation(CreateCampaign, ['CampaignsList']);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const { createCampaign } = await create.mutateAsync({ input: { name: name.trim() } });
    navigate(`/campaigns/${createCampaign.id}`);
  }

  return (
    <form className="new-campaign" onSubmit={(e) => void submit(e).catch(() => undefined)} aria-label="New campaign">
      <label>
        New campaign name
        <input value={name} onChange={(e) => setName(e.target.value)} required maxLength={200} />
      </label>
      <button type="submit" className="primary" disabled={create.isPending || !name.trim()}>
        Create campaign
      </button>
      <ErrorState error={create.error} />
    </form>
  );
}
