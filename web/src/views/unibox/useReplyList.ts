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

type Items = ReplyListItem[];

/** Changes the loaded pages in place, without refetching, so the list does not move under the reader:
 *  reading an item clears its dot but keeps it where it is (with the unread filter on, a refetch would
 *  pull it away), and an item marked done leaves alone, the others staying where they are. */
function useEditLoadedPages() {
  const client = useQueryClient();
  return useCallback(
    (edit: (items: Items) => Items) =>
      client.setQueriesData<InfiniteData<UniboxRepliesQuery>>({ queryKey: ['UniboxReplies'] }, (data) =>
        data ? { ...data, pages: data.pages.map((p) => ({ replies: { ...p.replies, items: edit(p.replies.items) } })) } : data,
      ),
    [client],
  );
}

export function usePatchListItem() {
  const edit = useEditLoadedPages();
  return useCallback((id: string, patch: Partial<ReplyListItem>) => edit((items) => items.map((i) => (i.id === id ? { ...i, ...patch } : i))), [edit]);
}

export function useDropListItem() {
  const edit = useEditLoadedPages();
  return useCallback((id: string) => edit((items) => items.filter((i) => i.id !== id)), [edit]);
}
