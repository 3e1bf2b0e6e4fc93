// New mail arrives while the unibox is open (the poller reads every inbox each minute or so). The list does
// not reorder itself under the reader; instead the newest reply under the same filters is asked for every
// 30 s, and when it is not the one at the top of the list, a button offers to show the new ones.
import { useGraphQL } from '../../api/graphql';
import type { ReplyQueryInput } from '../../gql/graphql';
import { UniboxNewest } from './operations';

export const NEW_REPLY_CHECK_MS = 30_000;

export function NewRepliesNotice({ query, newestShown, onShow }: { query: ReplyQueryInput; newestShown: { id: string; receivedAt: string } | undefined; onShow: () => void }) {
  const newest = useGraphQL(UniboxNewest, { query: { ...query, limit: 1 } }, { refetchInterval: NEW_REPLY_CHECK_MS, refetchIntervalInBackground: false });
  const latest = newest.data?.replies.items[0];
  const arrived = latest && latest.id !== newestShown?.id && (!newestShown || latest.receivedAt > newestShown.receivedAt);
  if (!arrived) return null;
  return (
    <div className="unibox-new" role="status">
      <button type="button" className="primary" onClick={onShow}>
        New replies arrived: show them
      </button>
    </div>
  );
}
