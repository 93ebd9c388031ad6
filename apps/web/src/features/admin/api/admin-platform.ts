import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adminFinancesSchema,
  adminSystemSchema,
  auditListResponseSchema,
  type ReconciliationResult,
  reconciliationResultSchema,
} from '@ztart/shared/contracts/admin';
import { outboxResponseSchema } from '@ztart/shared/contracts/auth';
import { ADMIN_QUERY_ROOT } from '@/features/admin/api/admin-users';
import { api } from '@/lib/api-client';

export interface AuditFilters {
  actor: string;
  action: string;
}

export const adminPlatformKeys = {
  finances: [...ADMIN_QUERY_ROOT, 'finances'] as const,
  system: [...ADMIN_QUERY_ROOT, 'system'] as const,
  audit: (filters: AuditFilters) => [...ADMIN_QUERY_ROOT, 'audit', filters.actor, filters.action] as const,
};

/** `GET /api/admin/finances` → the system accounts and, per currency, what people and the platform hold. */
export function useAdminFinances() {
  return useQuery({
    queryKey: adminPlatformKeys.finances,
    staleTime: 0,
    queryFn: async ({ signal }) =>
      adminFinancesSchema.parse(await api.get<unknown>('/api/admin/finances', { signal })),
  });
}

/** `POST /api/admin/reconciliation` → {ok, differences}: sum = 0 and every balance = its transfers. */
export function useRunReconciliation() {
  const queryClient = useQueryClient();
  return useMutation<ReconciliationResult, unknown, void>({
    mutationFn: async () =>
      reconciliationResultSchema.parse(await api.post<unknown>('/api/admin/reconciliation')),
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminPlatformKeys.finances }),
  });
}

/** `GET /api/admin/system` → the live configuration, read-only. */
export function useAdminSystem() {
  return useQuery({
    queryKey: adminPlatformKeys.system,
    staleTime: 0,
    queryFn: async ({ signal }) =>
      adminSystemSchema.parse(await api.get<unknown>('/api/admin/system', { signal })),
  });
}

/** `GET /api/admin/audit?actor=&action=&cursor=` → the audit log, newest first. */
export function useAuditLog(filters: AuditFilters) {
  return useInfiniteQuery({
    queryKey: adminPlatformKeys.audit(filters),
    staleTime: 0,
    queryFn: async ({ pageParam, signal }) => {
      const params = new URLSearchParams();
      if (filters.actor) params.set('actor', filters.actor);
      if (filters.action) params.set('action', filters.action);
      if (pageParam) params.set('cursor', pageParam);
      const query = params.toString();
      return auditListResponseSchema.parse(
        await api.get<unknown>(`/api/admin/audit${query ? `?${query}` : ''}`, { signal }),
      );
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}

/** How many outbox messages the system tab lists. */
const OUTBOX_ROWS = 20;

/**
 * `GET /api/dev/outbox` → the mail and SMS kept in the outbox, newest first. Outside production
 * only: a 404 there means mail goes out through SMTP and nothing is kept (shown as such).
 */
export function useOutbox() {
  return useQuery({
    queryKey: [...ADMIN_QUERY_ROOT, 'outbox'] as const,
    staleTime: 0,
    queryFn: async ({ signal }) => {
      const messages = outboxResponseSchema.parse(await api.get<unknown>('/api/dev/outbox', { signal }));
      return messages.slice(0, OUTBOX_ROWS);
    },
  });
}
