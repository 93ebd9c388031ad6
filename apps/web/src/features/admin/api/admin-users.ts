import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  type AdminUserDetail,
  type AdminUserPatch,
  adminUserDetailSchema,
  adminUserListResponseSchema,
  type Impersonation,
  impersonationSchema,
} from '@ztart/shared/contracts/admin';
import { api } from '@/lib/api-client';
import { reloadSession } from '@/lib/auth/session';

export const ADMIN_QUERY_ROOT = ['admin'] as const;

export const adminUserKeys = {
  all: [...ADMIN_QUERY_ROOT, 'users'] as const,
  list: (q: string) => [...ADMIN_QUERY_ROOT, 'users', 'list', q] as const,
  detail: (id: string) => [...ADMIN_QUERY_ROOT, 'users', 'detail', id] as const,
};

const userUrl = (id: string) => `/api/admin/users/${encodeURIComponent(id)}`;

/** `GET /api/admin/users?q=&cursor=` → people whose email, name or ztartag holds `q`, newest first. */
export function useAdminUsers(q: string) {
  return useInfiniteQuery({
    queryKey: adminUserKeys.list(q),
    staleTime: 0,
    // The list of the previous words stays while the new search is on its way.
    placeholderData: keepPreviousData,
    queryFn: async ({ pageParam, signal }) => {
      const params = new URLSearchParams();
      if (q) params.set('q', q);
      if (pageParam) params.set('cursor', pageParam);
      const query = params.toString();
      return adminUserListResponseSchema.parse(
        await api.get<unknown>(`/api/admin/users${query ? `?${query}` : ''}`, { signal }),
      );
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}

/** `GET /api/admin/users/{id}` → profile, balances, recent transactions, sessions and audit trail. */
export function useAdminUser(id: string) {
  return useQuery({
    queryKey: adminUserKeys.detail(id),
    staleTime: 0,
    queryFn: async ({ signal }) =>
      adminUserDetailSchema.parse(await api.get<unknown>(userUrl(id), { signal })),
  });
}

/** `PATCH /api/admin/users/{id}`: role, user level, suspension or the PIN lock. Never retried. */
export function useUpdateAdminUser(id: string) {
  const queryClient = useQueryClient();
  return useMutation<AdminUserDetail, unknown, AdminUserPatch>({
    mutationFn: async (patch) => adminUserDetailSchema.parse(await api.patch<unknown>(userUrl(id), patch)),
    retry: false,
    onSuccess: (detail) => {
      queryClient.setQueryData(adminUserKeys.detail(id), detail);
      void queryClient.invalidateQueries({ queryKey: [...ADMIN_QUERY_ROOT, 'users', 'list'] });
      void queryClient.invalidateQueries({ queryKey: [...ADMIN_QUERY_ROOT, 'audit'] });
    },
  });
}

/**
 * `POST /api/admin/users/{id}/impersonation` → the impersonation; the session then is the
 * person's (read-only), so every cached answer is dropped and the session asked again. `onStarted`
 * runs first (it moves to the person's screens): the admin page leaves as the session changes,
 * so this cannot wait for a callback of the page.
 */
export function useStartImpersonation(id: string, onStarted: () => void) {
  const queryClient = useQueryClient();
  return useMutation<Impersonation, unknown, { reason?: string }>({
    mutationFn: async (body) =>
      impersonationSchema.parse(await api.post<unknown>(`${userUrl(id)}/impersonation`, body)),
    retry: false,
    onSuccess: async () => {
      onStarted();
      await reloadSession(queryClient);
    },
  });
}
