/** Every business query lives under this root: a plan change or a team change refreshes them all. */
export const BUSINESS_QUERY_ROOT = ['business'] as const;

export const businessKeys = {
  list: () => [...BUSINESS_QUERY_ROOT, 'list'] as const,
  invitations: () => [...BUSINESS_QUERY_ROOT, 'invitations'] as const,
  members: (id: string) => [...BUSINESS_QUERY_ROOT, id, 'members'] as const,
  wallet: (id: string) => [...BUSINESS_QUERY_ROOT, id, 'wallet'] as const,
  qrCodes: (id: string) => [...BUSINESS_QUERY_ROOT, id, 'qr-codes'] as const,
  webhooks: (id: string) => [...BUSINESS_QUERY_ROOT, id, 'webhooks'] as const,
  deliveries: (id: string, webhookId: string) => [...BUSINESS_QUERY_ROOT, id, 'webhooks', webhookId] as const,
  apiKeys: (id: string) => [...BUSINESS_QUERY_ROOT, id, 'api-keys'] as const,
};

export const businessUrl = (id: string) => `/api/businesses/${encodeURIComponent(id)}`;
