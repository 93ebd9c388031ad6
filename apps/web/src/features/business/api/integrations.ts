import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  apiKeyListResponseSchema,
  type CreateApiKeyRequest,
  type CreatedApiKey,
  type CreateWebhookRequest,
  createdApiKeySchema,
  type Webhook,
  type WebhookDelivery,
  webhookDeliveryListResponseSchema,
  webhookDeliverySchema,
  webhookListResponseSchema,
  webhookSchema,
} from '@ztart/shared/contracts/businesses';
import { businessKeys, businessUrl } from '@/features/business/api/keys';
import { api } from '@/lib/api-client';

/** Enterprise integrations (decision 0047): webhooks with their delivery log and test event, and API keys. */

export function useWebhooks(businessId: string) {
  return useQuery({
    queryKey: businessKeys.webhooks(businessId),
    queryFn: async ({ signal }) =>
      webhookListResponseSchema.parse(
        await api.get<unknown>(`${businessUrl(businessId)}/webhooks`, { signal }),
      ),
    retry: false,
  });
}

/** `POST /api/businesses/{id}/webhooks`: answers the signing secret this once. */
export function useCreateWebhook(businessId: string) {
  const queryClient = useQueryClient();
  return useMutation<Webhook, unknown, CreateWebhookRequest>({
    mutationFn: async (body) =>
      webhookSchema.parse(await api.post<unknown>(`${businessUrl(businessId)}/webhooks`, body)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: businessKeys.webhooks(businessId) }),
  });
}

export function useDeleteWebhook(businessId: string) {
  const queryClient = useQueryClient();
  return useMutation<void, unknown, string>({
    mutationFn: async (webhookId) => {
      await api.delete<unknown>(`${businessUrl(businessId)}/webhooks/${encodeURIComponent(webhookId)}`);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: businessKeys.webhooks(businessId) }),
  });
}

/** `GET …/webhooks/{wid}/deliveries`, asked only while the log is open. */
export function useDeliveries(businessId: string, webhookId: string, enabled: boolean) {
  return useQuery({
    enabled,
    queryKey: businessKeys.deliveries(businessId, webhookId),
    queryFn: async ({ signal }) =>
      webhookDeliveryListResponseSchema.parse(
        await api.get<unknown>(
          `${businessUrl(businessId)}/webhooks/${encodeURIComponent(webhookId)}/deliveries`,
          { signal },
        ),
      ),
  });
}

/** `POST …/webhooks/{wid}/test`: a signed ping now; answers how it went. */
export function useSendTestEvent(businessId: string, webhookId: string) {
  const queryClient = useQueryClient();
  return useMutation<WebhookDelivery, unknown, void>({
    mutationFn: async () =>
      webhookDeliverySchema.parse(
        await api.post<unknown>(`${businessUrl(businessId)}/webhooks/${encodeURIComponent(webhookId)}/test`),
      ),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: businessKeys.deliveries(businessId, webhookId) }),
  });
}

export function useApiKeys(businessId: string) {
  return useQuery({
    queryKey: businessKeys.apiKeys(businessId),
    queryFn: async ({ signal }) =>
      apiKeyListResponseSchema.parse(
        await api.get<unknown>(`${businessUrl(businessId)}/api-keys`, { signal }),
      ),
    retry: false,
  });
}

/** `POST /api/businesses/{id}/api-keys`: the key in full, this once. */
export function useCreateApiKey(businessId: string) {
  const queryClient = useQueryClient();
  return useMutation<CreatedApiKey, unknown, CreateApiKeyRequest>({
    mutationFn: async (body) =>
      createdApiKeySchema.parse(await api.post<unknown>(`${businessUrl(businessId)}/api-keys`, body)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: businessKeys.apiKeys(businessId) }),
  });
}

export function useRevokeApiKey(businessId: string) {
  const queryClient = useQueryClient();
  return useMutation<void, unknown, string>({
    mutationFn: async (keyId) => {
      await api.delete<unknown>(`${businessUrl(businessId)}/api-keys/${encodeURIComponent(keyId)}`);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: businessKeys.apiKeys(businessId) }),
  });
}
