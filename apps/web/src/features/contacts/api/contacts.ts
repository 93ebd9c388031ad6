import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type Contact,
  type ContactGroup,
  type ContactGroupRequest,
  type ContactImportResponse,
  type ContactPerson,
  type CreateContactRequest,
  contactGroupListResponseSchema,
  contactGroupSchema,
  contactImportResponseSchema,
  contactListResponseSchema,
  contactLookupResponseSchema,
  contactSchema,
  type UpdateContactRequest,
} from '@ztart/shared/contracts/contacts';
import { api } from '@/lib/api-client';

/** The list filters of `GET /api/contacts`. */
export interface ContactFilters {
  q?: string;
  groupId?: string;
  favourite?: boolean;
  blocked?: boolean;
}

export const contactKeys = {
  all: ['contacts'] as const,
  lists: () => [...contactKeys.all, 'list'] as const,
  list: (filters: ContactFilters) => [...contactKeys.lists(), filters] as const,
  detail: (id: string) => [...contactKeys.all, 'detail', id] as const,
  groups: () => [...contactKeys.all, 'groups'] as const,
};

/** The most contacts one page shows; the server's own limit is 100. */
const PAGE_LIMIT = 100;

function listPath(filters: ContactFilters): string {
  const params = new URLSearchParams({ limit: String(PAGE_LIMIT) });
  if (filters.q) params.set('q', filters.q);
  if (filters.groupId) params.set('groupId', filters.groupId);
  if (filters.favourite !== undefined) params.set('favourite', String(filters.favourite));
  if (filters.blocked !== undefined) params.set('blocked', String(filters.blocked));
  return `/api/contacts?${params}`;
}

/** `GET /api/contacts`: the first page of the person's contacts under the filters, newest first. */
export function useContacts(filters: ContactFilters) {
  return useQuery({
    queryKey: contactKeys.list(filters),
    queryFn: async ({ signal }) =>
      contactListResponseSchema.parse(await api.get<unknown>(listPath(filters), { signal })),
    placeholderData: (previous) => previous,
    refetchOnMount: true,
    staleTime: 0,
  });
}

export function useContact(id: string | null) {
  return useQuery({
    queryKey: contactKeys.detail(id ?? ''),
    queryFn: async ({ signal }) =>
      contactSchema.parse(
        await api.get<unknown>(`/api/contacts/${encodeURIComponent(id ?? '')}`, { signal }),
      ),
    enabled: id !== null,
    staleTime: 0,
  });
}

export function useContactGroups() {
  return useQuery({
    queryKey: contactKeys.groups(),
    queryFn: async ({ signal }) =>
      contactGroupListResponseSchema.parse(await api.get<unknown>('/api/contact-groups', { signal })).items,
    refetchOnMount: true,
    staleTime: 0,
  });
}

/** After any change: lists, details and groups (their counts) are asked again. */
function useRefreshContacts() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: contactKeys.all });
}

export function useCreateContact() {
  const refresh = useRefreshContacts();
  return useMutation<Contact, unknown, CreateContactRequest>({
    mutationFn: async (body) => contactSchema.parse(await api.post<unknown>('/api/contacts', body)),
    onSuccess: () => refresh(),
  });
}

export function useUpdateContact() {
  const refresh = useRefreshContacts();
  return useMutation<Contact, unknown, { id: string; body: UpdateContactRequest }>({
    mutationFn: async ({ id, body }) =>
      contactSchema.parse(await api.patch<unknown>(`/api/contacts/${encodeURIComponent(id)}`, body)),
    onSuccess: () => refresh(),
  });
}

export function useDeleteContact() {
  const queryClient = useQueryClient();
  return useMutation<void, unknown, string>({
    mutationFn: async (id) => {
      await api.delete<unknown>(`/api/contacts/${encodeURIComponent(id)}`);
    },
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: contactKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: contactKeys.all });
    },
  });
}

export function useSaveGroup() {
  const refresh = useRefreshContacts();
  return useMutation<ContactGroup, unknown, { id: string | null; body: ContactGroupRequest }>({
    mutationFn: async ({ id, body }) =>
      contactGroupSchema.parse(
        id === null
          ? await api.post<unknown>('/api/contact-groups', body)
          : await api.patch<unknown>(`/api/contact-groups/${encodeURIComponent(id)}`, body),
      ),
    onSuccess: () => refresh(),
  });
}

export function useDeleteGroup() {
  const refresh = useRefreshContacts();
  return useMutation<void, unknown, string>({
    mutationFn: async (id) => {
      await api.delete<unknown>(`/api/contact-groups/${encodeURIComponent(id)}`);
    },
    onSuccess: () => refresh(),
  });
}

/** `GET /api/contacts/lookup`: the app user an exact ztartag, email or phone names, or null. */
export async function lookupPerson(q: string): Promise<ContactPerson | null> {
  const answer = await api.get<unknown>(`/api/contacts/lookup?q=${encodeURIComponent(q)}`);
  return contactLookupResponseSchema.parse(answer).person;
}

/** `POST /api/contacts/import` with vCard text (a .vcf file, or cards built from the device's contacts). */
export function useImportContacts() {
  const refresh = useRefreshContacts();
  return useMutation<ContactImportResponse, unknown, Blob>({
    mutationFn: async (file) => {
      const body = new Blob([await file.text()], { type: 'text/vcard' });
      return contactImportResponseSchema.parse(await api.post<unknown>('/api/contacts/import', body));
    },
    onSuccess: () => refresh(),
  });
}

export const CONTACTS_EXPORT_URL = '/api/contacts/export.vcf';
export const CONTACT_QR_URL = '/api/me/contact-qr.png';
