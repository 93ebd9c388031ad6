import { useQuery } from '@tanstack/react-query';
import { type PublicProfilePage, publicProfilePageSchema } from '@ztart/shared/contracts/qr-codes';
import { profileKeys } from '@/features/profiles/api/profile-keys';
import { api } from '@/lib/api-client';

/** `GET /api/public/profiles/{ztartag}` → the public face, the newest public photos and posts. */
export function usePublicProfile(ztartag: string) {
  return useQuery<PublicProfilePage>({
    queryKey: profileKeys.publicProfile(ztartag),
    queryFn: async ({ signal }) =>
      publicProfilePageSchema.parse(
        await api.get<unknown>(`/api/public/profiles/${encodeURIComponent(ztartag)}`, { signal }),
      ),
    // An unknown person is an answer, not a failure to retry.
    retry: false,
  });
}
