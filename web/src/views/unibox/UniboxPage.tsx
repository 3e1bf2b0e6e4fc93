// Placeholder: the Unibox view is being built (issue 25).
import { Page } from '../../ui/Page';

export default function UniboxPage({ replyId }: { replyId?: string }) {
  return <Page title="Unibox">{replyId}</Page>;
}
