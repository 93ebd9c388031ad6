import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type CreateGoalRequest,
  type Goal,
  type GoalListResponse,
  type GoalMoveRequest,
  type GoalMoveResponse,
  goalListResponseSchema,
  goalMoveResponseSchema,
  goalSchema,
  type UpdateGoalRequest,
} from '@ztart/shared/contracts/goals';
import { IDEMPOTENCY_HEADER } from '@ztart/shared/contracts/wallet';
import type { IdempotentRequest } from '@/components/money-flow/money-movement';
import { api } from '@/lib/api-client';
import { isDemoMode } from '@/lib/demo/demo-mode';
import { GOALS_QUERY_ROOT, invalidateMoneyQueries, refetchIfInvalidated } from '@/lib/live-events';

export const goalKeys = { all: GOALS_QUERY_ROOT, list: () => [...GOALS_QUERY_ROOT, 'list'] as const };

/** The demo's simulated money has no goals; creating one there is refused like every write. */
const DEMO_GOALS: GoalListResponse = { items: [], totals: [] };

/** `GET /api/goals`: every goal, oldest first, and what the person holds in goals per currency. */
export function useGoals() {
  return useQuery({
    queryKey: goalKeys.list(),
    queryFn: async ({ signal }) =>
      isDemoMode()
        ? DEMO_GOALS
        : goalListResponseSchema.parse(await api.get<unknown>('/api/goals', { signal })),
    refetchOnMount: refetchIfInvalidated,
  });
}

const goalUrl = (id: string) => `/api/goals/${encodeURIComponent(id)}`;

/** `POST /api/goals` → the new, empty goal. */
export function useCreateGoal() {
  const queryClient = useQueryClient();
  return useMutation<Goal, unknown, CreateGoalRequest>({
    mutationFn: async (body) => goalSchema.parse(await api.post<unknown>('/api/goals', body)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: GOALS_QUERY_ROOT }),
  });
}

/** `PATCH /api/goals/{id}`: name, target or date. */
export function useUpdateGoal() {
  const queryClient = useQueryClient();
  return useMutation<Goal, unknown, { id: string; changes: UpdateGoalRequest }>({
    mutationFn: async ({ id, changes }) => goalSchema.parse(await api.patch<unknown>(goalUrl(id), changes)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: GOALS_QUERY_ROOT }),
  });
}

/** `DELETE /api/goals/{id}`: only an empty goal (409 `goal_not_empty` otherwise). */
export function useDeleteGoal() {
  const queryClient = useQueryClient();
  return useMutation<void, unknown, string>({
    mutationFn: async (id) => {
      await api.delete<unknown>(goalUrl(id));
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: GOALS_QUERY_ROOT }),
  });
}

/** `PUT /api/goals/{id}/picture` with the image as the body, or `DELETE` it (null). */
export function useGoalPicture() {
  const queryClient = useQueryClient();
  return useMutation<Goal, unknown, { id: string; image: Blob | null }>({
    mutationFn: async ({ id, image }) =>
      goalSchema.parse(
        image
          ? await api.put<unknown>(`${goalUrl(id)}/picture`, image)
          : await api.delete<unknown>(`${goalUrl(id)}/picture`),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: GOALS_QUERY_ROOT }),
  });
}

export type GoalMoveDirection = 'deposit' | 'withdrawal';

/**
 * `POST /api/goals/{id}/deposits` or `/withdrawals` with the confirmation's Idempotency-Key → the
 * goal as the move left it. Every outcome refreshes balances, lists and goals (money may have moved).
 */
export function useMoveGoalMoney() {
  const queryClient = useQueryClient();
  return useMutation<
    GoalMoveResponse,
    unknown,
    IdempotentRequest<GoalMoveRequest> & { goalId: string; direction: GoalMoveDirection }
  >({
    mutationFn: async ({ goalId, direction, body, idempotencyKey }) =>
      goalMoveResponseSchema.parse(
        await api.post<unknown>(`${goalUrl(goalId)}/${direction}s`, body, {
          headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
        }),
      ),
    onSettled: () => invalidateMoneyQueries(queryClient),
  });
}
