import { type InfiniteData, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type Post,
  type PostList,
  postListResponseSchema,
  postSchema,
  type Visibility,
} from '@ztart/shared/contracts/posts';
import { PAGE_SIZE } from '@ztart/shared/limits';
import { useMemo } from 'react';
import { profileKeys } from '@/features/profiles/api/profile-keys';
import { api } from '@/lib/api-client';
import { isDemoMode } from '@/lib/demo/demo-mode';

const DEMO_PAGE: PostList = { items: [], nextCursor: null };

async function fetchPostPage(cursor: string | null, signal?: AbortSignal): Promise<PostList> {
  if (isDemoMode()) return DEMO_PAGE;
  const params = new URLSearchParams({ limit: String(PAGE_SIZE.default) });
  if (cursor) params.set('cursor', cursor);
  return postListResponseSchema.parse(await api.get<unknown>(`/api/posts?${params}`, { signal }));
}

function flatten(data: InfiniteData<PostList> | undefined): Post[] {
  const seen = new Set<string>();
  return (data?.pages ?? []).flatMap((page) =>
    page.items.filter((post) => !seen.has(post.id) && seen.add(post.id)),
  );
}

/** `GET /api/posts`: the own posts, newest first, a page at a time. */
export function useOwnPosts() {
  const query = useInfiniteQuery({
    queryKey: profileKeys.posts(),
    queryFn: ({ pageParam, signal }) => fetchPostPage(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
  });
  const posts = useMemo(() => flatten(query.data), [query.data]);
  return { ...query, posts };
}

export interface NewPost {
  text: string;
  visibility: Visibility;
  photoId: string | null;
}

/** `POST /api/posts` → the new post. */
export function useCreatePost() {
  const queryClient = useQueryClient();
  return useMutation<Post, unknown, NewPost>({
    mutationFn: async (post) => postSchema.parse(await api.post<unknown>('/api/posts', post)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKeys.posts() }),
  });
}

/** `DELETE /api/posts/{id}` → 204. */
export function useDeletePost() {
  const queryClient = useQueryClient();
  return useMutation<void, unknown, string>({
    mutationFn: async (id) => {
      await api.delete<unknown>(`/api/posts/${encodeURIComponent(id)}`);
    },
    onSuccess: (_answer, id) => {
      queryClient.setQueryData<InfiniteData<PostList>>(profileKeys.posts(), (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({ ...page, items: page.items.filter((p) => p.id !== id) })),
            }
          : data,
      );
      return queryClient.invalidateQueries({ queryKey: profileKeys.posts() });
    },
  });
}
