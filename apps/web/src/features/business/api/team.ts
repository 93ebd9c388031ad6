import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  answerInvitationResponseSchema,
  type BusinessInvitation,
  businessInvitationSchema,
  businessMemberListResponseSchema,
  businessRoleListResponseSchema,
  type CreateInvitationRequest,
  type MyInvitationsResponse,
  myInvitationsResponseSchema,
} from '@ztart/shared/contracts/businesses';
import { BUSINESS_QUERY_ROOT, businessKeys, businessUrl } from '@/features/business/api/keys';
import { api } from '@/lib/api-client';
import { isDemoMode } from '@/lib/demo/demo-mode';

const NO_INVITATIONS: MyInvitationsResponse = { items: [] };

/** `GET /api/businesses/{id}/members`: the team, pending invitations by email, and the limit. */
export function useMembers(businessId: string, enabled = true) {
  return useQuery({
    enabled,
    queryKey: businessKeys.members(businessId),
    queryFn: async ({ signal }) =>
      businessMemberListResponseSchema.parse(
        await api.get<unknown>(`${businessUrl(businessId)}/members`, { signal }),
      ),
    // A 403 is an answer, not a hiccup: asking again cannot change it.
    retry: false,
  });
}

/** `POST /api/businesses/{id}/invitations` by ztartag or email. */
export function useInvite(businessId: string) {
  const queryClient = useQueryClient();
  return useMutation<BusinessInvitation, unknown, CreateInvitationRequest>({
    mutationFn: async (body) =>
      businessInvitationSchema.parse(await api.post<unknown>(`${businessUrl(businessId)}/invitations`, body)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: businessKeys.members(businessId) }),
  });
}

/** `DELETE /api/businesses/{id}/members/{userId}`: the owner removes a member, or a member leaves. */
export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation<void, unknown, { businessId: string; userId: string }>({
    mutationFn: async ({ businessId, userId }) => {
      await api.delete<unknown>(`${businessUrl(businessId)}/members/${encodeURIComponent(userId)}`);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: BUSINESS_QUERY_ROOT }),
  });
}

/** `DELETE /api/businesses/{id}/invitations/{invitationId}`: the owner takes back an invitation not yet answered. */
export function useRevokeInvitation(businessId: string) {
  const queryClient = useQueryClient();
  return useMutation<void, unknown, string>({
    mutationFn: async (invitationId) => {
      await api.delete<unknown>(`${businessUrl(businessId)}/invitations/${encodeURIComponent(invitationId)}`);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: businessKeys.members(businessId) }),
  });
}

/** `GET /api/business-invitations`: invitations waiting for the person's answer. */
export function useMyInvitations() {
  return useQuery({
    queryKey: businessKeys.invitations(),
    queryFn: async ({ signal }) =>
      isDemoMode()
        ? NO_INVITATIONS
        : myInvitationsResponseSchema.parse(await api.get<unknown>('/api/business-invitations', { signal })),
  });
}

export type InvitationAnswer = 'accept' | 'decline';

/** `POST /api/business-invitations/{id}/accept` or `/decline`. */
export function useAnswerInvitation() {
  const queryClient = useQueryClient();
  return useMutation<BusinessInvitation, unknown, { id: string; answer: InvitationAnswer }>({
    mutationFn: async ({ id, answer }) =>
      answerInvitationResponseSchema.parse(
        await api.post<unknown>(`/api/business-invitations/${encodeURIComponent(id)}/${answer}`),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: BUSINESS_QUERY_ROOT }),
  });
}

/** `GET /api/businesses/{id}/roles`: an enterprise business's custom roles (only asked with `manageRoles`). */
export function useBusinessRoles(businessId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...BUSINESS_QUERY_ROOT, businessId, 'roles'],
    queryFn: async ({ signal }) =>
      businessRoleListResponseSchema.parse(
        await api.get<unknown>(`${businessUrl(businessId)}/roles`, { signal }),
      ).items,
    enabled,
    retry: false,
  });
}
