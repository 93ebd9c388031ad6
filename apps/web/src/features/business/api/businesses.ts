import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type Business,
  type BusinessListResponse,
  businessListResponseSchema,
  businessSchema,
  type CreateBusinessRequest,
  type UpdateBusinessRequest,
} from '@ztart/shared/contracts/businesses';
import { BUSINESS_QUERY_ROOT, businessKeys, businessUrl } from '@/features/business/api/keys';
import { api } from '@/lib/api-client';
import { isDemoMode } from '@/lib/demo/demo-mode';

const DEMO_BUSINESSES: BusinessListResponse = { items: [] };

/** `GET /api/businesses`: the businesses the person owns or belongs to, oldest first. */
export function useBusinesses() {
  return useQuery({
    queryKey: businessKeys.list(),
    queryFn: async ({ signal }) =>
      isDemoMode()
        ? DEMO_BUSINESSES
        : businessListResponseSchema.parse(await api.get<unknown>('/api/businesses', { signal })),
  });
}

/** `POST /api/businesses` → the new business (403 `business_level_required` without the plan). */
export function useCreateBusiness() {
  const queryClient = useQueryClient();
  return useMutation<Business, unknown, CreateBusinessRequest>({
    mutationFn: async (body) => businessSchema.parse(await api.post<unknown>('/api/businesses', body)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: BUSINESS_QUERY_ROOT }),
  });
}

/** `PATCH /api/businesses/{id}`: name, currency, branding, policies, minimum tip. */
export function useUpdateBusiness() {
  const queryClient = useQueryClient();
  return useMutation<Business, unknown, { id: string; changes: UpdateBusinessRequest }>({
    mutationFn: async ({ id, changes }) =>
      businessSchema.parse(await api.patch<unknown>(businessUrl(id), changes)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: BUSINESS_QUERY_ROOT }),
  });
}

/** `PUT /api/businesses/{id}/logo` with the image as the body → the business with its new logo. */
export function useBusinessLogo() {
  const queryClient = useQueryClient();
  return useMutation<Business, unknown, { id: string; image: Blob }>({
    mutationFn: async ({ id, image }) =>
      businessSchema.parse(await api.put<unknown>(`${businessUrl(id)}/logo`, image)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: BUSINESS_QUERY_ROOT }),
  });
}
