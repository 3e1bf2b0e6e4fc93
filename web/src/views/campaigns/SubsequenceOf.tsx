// On a subsequence's page, the line under its status: whose subsequence it is (a link back to the parent)
// and when a lead joins it, in words (decisions.md §11 "Subsequences").
import { Link } from 'wouter';
import { useGraphQL } from '../../api/graphql';
import { graphql } from '../../gql';
import { triggerInWords, type Trigger } from './subsequence-trigger';
import './subsequences.css';

const SubsequenceParent = graphql(`
  query SubsequenceParent($id: ID!) {
    campaign(id: $id) {
      id
      name
    }
  }
`);

export function SubsequenceOf({ parentId, trigger }: { parentId: string; trigger: Trigger | null | undefined }) {
  const parent = useGraphQL(SubsequenceParent, { id: parentId });
  // The parent's name is a nicety: while it loads, or should it fail, the link still leads back.
  const name = parent.data?.campaign.name ?? 'its campaign';
  return (
    <p className="subsequence-of">
      Subsequence of <Link href={`/campaigns/${parentId}`}>{name}</Link>
      {trigger ? <span>: a lead joins it {triggerInWords(trigger)}.</span> : null}
    </p>
  );
}
