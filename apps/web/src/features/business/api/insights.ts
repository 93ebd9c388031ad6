import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AnalyticsBucket } from '@ztart/shared/contracts/analytics';
import {
  businessInsightsSchema,
  type Campaign,
  type CreateCampaignRequest,
  campaignListResponseSchema,
  campaignSchema,
} from '@ztart/shared/contracts/business-insights';
import { BUSINESS_QUERY_ROOT, businessKeys, businessUrl } from '@/features/business/api/keys';
import { api } from '@/lib/api-client';

/** The period asked for: the server's "this month up to today" when `from`/`to` are left out. */
export interface BusinessPeriodRequest {
  from?: string;
  to?: string;
  bucket?: AnalyticsBucket;
}

export function periodSearchParams(request: BusinessPeriodRequest): URLSearchParams {
  const params = new URLSearchParams();
  if (request.from && request.to) {
    params.set('from', request.from);
    params.set('to', request.to);
  }
  if (request.bucket) params.set('bucket', request.bucket);
  return params;
}

/** `path`, with `?query` only when there is one. */
function withQuery(path: string, params: URLSearchParams): string {
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

const insightsKeys = {
  insights: (id: string, request: BusinessPeriodRequest) =>
    [
      ...BUSINESS_QUERY_ROOT,
      id,
      'insights',
      request.from ?? '',
      request.to ?? '',
      request.bucket ?? '',
    ] as const,
  campaigns: (id: string) => [...BUSINESS_QUERY_ROOT, id, 'campaigns'] as const,
};

/** `GET /api/businesses/{id}/insights`: revenue and tips over time, per member and per QR code. */
export function useBusinessInsights(businessId: string, request: BusinessPeriodRequest, enabled: boolean) {
  return useQuery({
    queryKey: insightsKeys.insights(businessId, request),
    queryFn: async ({ signal }) =>
      businessInsightsSchema.parse(
        await api.get<unknown>(
          withQuery(`${businessUrl(businessId)}/insights`, periodSearchParams(request)),
          {
            signal,
          },
        ),
      ),
    enabled,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** The statement of the period as a file: a plain link the browser downloads with the session cookie. */
export function financialsUrl(
  businessId: string,
  format: 'csv' | 'pdf',
  request: BusinessPeriodRequest,
): string {
  const { bucket: _bucket, ...period } = request;
  return withQuery(`${businessUrl(businessId)}/exports/financials.${format}`, periodSearchParams(period));
}

/** A business QR code's image for the team (`download` adds the label and saves it as a file). */
export function businessQrImageUrl(
  businessId: string,
  qr: { id: string; updatedAt: string },
  format: 'png' | 'svg',
  download = false,
): string {
  const query = new URLSearchParams({ v: qr.updatedAt });
  if (download) query.set('download', '1');
  return `${businessUrl(businessId)}/qr-codes/${encodeURIComponent(qr.id)}/image.${format}?${query}`;
}

/** `GET /api/businesses/{id}/campaigns` (enterprise: `manageCampaigns`). */
export function useCampaigns(businessId: string) {
  return useQuery({
    queryKey: insightsKeys.campaigns(businessId),
    queryFn: async ({ signal }) =>
      campaignListResponseSchema.parse(
        await api.get<unknown>(`${businessUrl(businessId)}/campaigns`, { signal }),
      ).items,
    retry: false,
  });
}

/** `POST /api/businesses/{id}/campaigns`: a new campaign with its own QR code or one of the business's. */
export function useCreateCampaign(businessId: string) {
  const queryClient = useQueryClient();
  return useMutation<Campaign, unknown, CreateCampaignRequest>({
    mutationFn: async (body) =>
      campaignSchema.parse(await api.post<unknown>(`${businessUrl(businessId)}/campaigns`, body)),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: insightsKeys.campaigns(businessId) }),
        queryClient.invalidateQueries({ queryKey: businessKeys.qrCodes(businessId) }),
      ]),
  });
}
