// The unibox's list: pages of the reply inbox fetched with the cursor (nextCursor → "Load more"), cached
// under the operation name like useGraphQL's queries, so a mutation that refreshes "UniboxReplies"
// refreshes every loaded page.
import { useInfiniteQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { ApiError } from '../../api/errors';
import { request } from '../../api/graphql';
import type { ReplyQueryInput, UniboxRepliesQuery } from '../../gql/graphql';
import { UniboxReplies } from './operations';

export type ReplyListItem = UniboxRepliesQuery['replies']['items'][number];

const PAGE_SIZE = 25;

export function useReplyList(query: ReplyQueryInput) {
  return useInfiniteQuery<UniboxRepliesQuery, ApiError, InfiniteData<UniboxRepliesQuery>, [string, ReplyQueryInput], string | null>({
    queryKey: ['UniboxReplies', query],
    queryFn: ({ pageParam, signal }) => request(UniboxReplies, { query: { ...query, limit: PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) } }, signal),
    initialPageParam: null,
    getNextPageParam: (last) => last.replies.nextCursor,
  });
}

/** Changes one item in every loaded page in place, without refetching: reading an item clears its dot
 *  but keeps it where it is (with the unread filter on, a refetch would pull it from under the reader). */
export function usePatchListItem() {
  const client = useQueryClient();
  return useCallback(
    (id: string, patch: Partial<ReplyListItem>) => {
      client.setQueriesData<InfiniteData<UniboxRepliesQuery>>({ queryKey: ['UniboxReplies'] }, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((p) => ({ replies: { ...p.replies, items: p.replies.items.map((i) => (i.id === id ? { ...i, ...patch } : i)) } })),
            }
          : data,
      );
    },
    [client],
  );
}
