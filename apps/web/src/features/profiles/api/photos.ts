import { type InfiniteData, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type Photo,
  type PhotoList,
  photoListResponseSchema,
  photoSchema,
  type Visibility,
} from '@ztart/shared/contracts/posts';
import { PAGE_SIZE } from '@ztart/shared/limits';
import { useMemo } from 'react';
import { profileKeys } from '@/features/profiles/api/profile-keys';
import { api } from '@/lib/api-client';
import { isDemoMode } from '@/lib/demo/demo-mode';

/** The demo has no gallery: its people are not real accounts. */
const DEMO_PAGE: PhotoList = { items: [], nextCursor: null };

async function fetchPhotoPage(cursor: string | null, signal?: AbortSignal): Promise<PhotoList> {
  if (isDemoMode()) return DEMO_PAGE;
  const params = new URLSearchParams({ limit: String(PAGE_SIZE.default) });
  if (cursor) params.set('cursor', cursor);
  return photoListResponseSchema.parse(
    await api.get<unknown>(`/api/profiles/me/photos?${params}`, { signal }),
  );
}

/** Every loaded page as one list, each photo once. */
function flatten(data: InfiniteData<PhotoList> | undefined): Photo[] {
  const seen = new Set<string>();
  return (data?.pages ?? []).flatMap((page) =>
    page.items.filter((photo) => !seen.has(photo.id) && seen.add(photo.id)),
  );
}

/** `GET /api/profiles/me/photos`: the own gallery, newest first, a page at a time. */
export function useOwnPhotos() {
  const query = useInfiniteQuery({
    queryKey: profileKeys.photos(),
    queryFn: ({ pageParam, signal }) => fetchPhotoPage(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
  });
  const photos = useMemo(() => flatten(query.data), [query.data]);
  return { ...query, photos };
}

/** `POST /api/profiles/me/photos?visibility=` with the image as the body → the new photo. */
export function useUploadPhoto() {
  const queryClient = useQueryClient();
  return useMutation<Photo, unknown, { image: Blob; visibility: Visibility }>({
    mutationFn: async ({ image, visibility }) =>
      photoSchema.parse(
        await api.post<unknown>(
          `/api/profiles/me/photos?visibility=${encodeURIComponent(visibility)}`,
          image,
        ),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKeys.photos() }),
  });
}

/** `DELETE /api/profiles/me/photos/{id}` → 204; posts that showed it lose their photo. */
export function useDeletePhoto() {
  const queryClient = useQueryClient();
  return useMutation<void, unknown, string>({
    mutationFn: async (id) => {
      await api.delete<unknown>(`/api/profiles/me/photos/${encodeURIComponent(id)}`);
    },
    onSuccess: (_answer, id) => {
      // Gone at once from the grid, before the list is asked again.
      queryClient.setQueryData<InfiniteData<PhotoList>>(profileKeys.photos(), (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({ ...page, items: page.items.filter((p) => p.id !== id) })),
            }
          : data,
      );
      void queryClient.invalidateQueries({ queryKey: profileKeys.posts() });
      return queryClient.invalidateQueries({ queryKey: profileKeys.photos() });
    },
  });
}
