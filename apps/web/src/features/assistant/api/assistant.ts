import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type AssistantMessage,
  type AssistantUsage,
  type Conversation,
  coherenceReportSchema,
  conversationListResponseSchema,
  conversationSchema,
  type GuestMessageRequest,
  type GuestMessageResponse,
  guestMessageResponseSchema,
  messageListResponseSchema,
  type SendMessageRequest,
  type SendMessageResponse,
  sendMessageResponseSchema,
  usageSchema,
} from '@ztart/shared/contracts/assistant';
import { ROLE_PLANS } from '@ztart/shared/roles';
import { ApiError, api, CSRF_COOKIE, CSRF_HEADER, errorFromResponse, readCookie } from '@/lib/api-client';
import { isDemoMode } from '@/lib/demo/demo-mode';

const ROOT = ['assistant'] as const;
export const assistantKeys = {
  conversations: () => [...ROOT, 'conversations'] as const,
  messages: (id: string) => [...ROOT, 'messages', id] as const,
  usage: () => [...ROOT, 'usage'] as const,
  guestUsage: () => [...ROOT, 'guest-usage'] as const,
  coherence: () => ['coherence'] as const,
};

/**
 * The demo has no account: no conversations kept, a guest's quotas unused, nothing to check.
 * Asking is refused like every write in the demo (`demo_mode`).
 */
function demoUsage(): AssistantUsage {
  const plan = ROLE_PLANS.guest;
  const now = new Date();
  return {
    role: 'guest',
    daily: { usedTokens: 0, limitTokens: plan.dailyTokens },
    monthly: { usedTokens: 0, limitTokens: plan.monthlyTokens },
    costTodayCents: 0,
    costLimitCents: plan.costPerDay,
    resetsAt: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1)).toISOString(),
    streaming: false,
    models: ['standard'],
  };
}

const conversationUrl = (id: string) => `/api/assistant/conversations/${encodeURIComponent(id)}`;

export function useConversations() {
  return useQuery({
    queryKey: assistantKeys.conversations(),
    queryFn: async ({ signal }) =>
      isDemoMode()
        ? []
        : conversationListResponseSchema.parse(
            await api.get<unknown>('/api/assistant/conversations', { signal }),
          ).items,
  });
}

export function useMessages(id: string | null) {
  return useQuery({
    queryKey: assistantKeys.messages(id ?? ''),
    enabled: id !== null,
    queryFn: async ({ signal }) =>
      messageListResponseSchema.parse(
        await api.get<unknown>(`${conversationUrl(id ?? '')}/messages`, { signal }),
      ).items,
  });
}

export function useUsage() {
  return useQuery({
    queryKey: assistantKeys.usage(),
    queryFn: async ({ signal }) =>
      isDemoMode()
        ? demoUsage()
        : usageSchema.parse(await api.get<unknown>('/api/assistant/usage', { signal })),
  });
}

export function useCreateConversation() {
  const queryClient = useQueryClient();
  return useMutation<Conversation, unknown, void>({
    mutationFn: async () =>
      conversationSchema.parse(await api.post<unknown>('/api/assistant/conversations', {})),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: assistantKeys.conversations() }),
  });
}

export function useRenameConversation() {
  const queryClient = useQueryClient();
  return useMutation<Conversation, unknown, { id: string; title: string }>({
    mutationFn: async ({ id, title }) =>
      conversationSchema.parse(await api.patch<unknown>(conversationUrl(id), { title })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: assistantKeys.conversations() }),
  });
}

export function useDeleteConversation() {
  const queryClient = useQueryClient();
  return useMutation<void, unknown, string>({
    mutationFn: async (id) => {
      await api.delete<unknown>(conversationUrl(id));
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: assistantKeys.conversations() }),
  });
}

/** Reads `event:`/`data:` blocks of a text/event-stream as they arrive. */
async function readEvents(body: ReadableStream<Uint8Array>, onEvent: (event: string, data: string) => void) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let end = buffer.indexOf('\n\n');
    while (end !== -1) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
      const data = /^data: (.*)$/m.exec(block)?.[1] ?? '';
      onEvent(event, data);
      end = buffer.indexOf('\n\n');
    }
  }
}

/**
 * Asks the assistant. The answer streams in (`onDelta`) when the person's role may stream;
 * otherwise the server sends it whole, and it arrives at once.
 */
export async function askAssistant(
  conversationId: string,
  body: SendMessageRequest,
  onDelta: (text: string) => void,
): Promise<SendMessageResponse> {
  const headers = new Headers({
    Accept: 'text/event-stream, application/json',
    'Content-Type': 'application/json',
  });
  const token = readCookie(CSRF_COOKIE);
  if (token) headers.set(CSRF_HEADER, token);
  let response: Response;
  try {
    response = await fetch(`${conversationUrl(conversationId)}/messages`, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError({ code: navigator.onLine === false ? 'offline' : 'network_error', status: 0 });
  }
  if (!response.ok) throw await errorFromResponse(response);
  if (!(response.headers.get('content-type') ?? '').includes('text/event-stream') || !response.body) {
    return sendMessageResponseSchema.parse(await response.json());
  }
  let result: SendMessageResponse | null = null;
  let failure: string | null = null;
  await readEvents(response.body, (event, data) => {
    if (event === 'delta') onDelta((JSON.parse(data) as { text: string }).text);
    else if (event === 'done') result = sendMessageResponseSchema.parse(JSON.parse(data));
    else if (event === 'error') failure = (JSON.parse(data) as { code: string }).code;
  });
  if (result === null) {
    throw new ApiError({ code: failure ?? 'assistant_unavailable', status: 503 });
  }
  return result;
}

export type { AssistantMessage };

export function useCoherence() {
  return useQuery({
    queryKey: assistantKeys.coherence(),
    // Read from budgets, goals and transactions that other screens change: checked afresh each visit.
    refetchOnMount: 'always',
    queryFn: async ({ signal }) =>
      isDemoMode()
        ? { months: [], findings: [] }
        : coherenceReportSchema.parse(await api.get<unknown>('/api/coherence', { signal })),
  });
}

/** The help assistant's guest quota, counted on this device and this address. */
export function useGuestUsage() {
  return useQuery({
    queryKey: assistantKeys.guestUsage(),
    queryFn: async ({ signal }) =>
      usageSchema.parse(await api.get<unknown>('/api/assistant/guest/usage', { signal })),
  });
}

/** A signed-out visitor asks the help assistant; nothing is kept on the server but the tokens. */
export function useAskAsGuest() {
  const queryClient = useQueryClient();
  return useMutation<GuestMessageResponse, unknown, GuestMessageRequest>({
    mutationFn: async (body) =>
      guestMessageResponseSchema.parse(await api.post<unknown>('/api/assistant/guest/messages', body)),
    onSuccess: (answer) => queryClient.setQueryData(assistantKeys.guestUsage(), answer.usage),
    onError: () => queryClient.invalidateQueries({ queryKey: assistantKeys.guestUsage() }),
  });
}
