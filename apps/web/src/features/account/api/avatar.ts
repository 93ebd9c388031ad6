import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type OwnProfile, ownProfileSchema } from '@ztart/shared/contracts/profiles';
import { api } from '@/lib/api-client';
import { useSetSessionProfile } from '@/lib/auth/auth-actions';
import { SESSION_QUERY_KEY } from '@/lib/auth/session';

/** `PUT /api/profiles/me/avatar` with the image itself as the body → the profile. */
export function useUploadAvatar() {
  const setSessionProfile = useSetSessionProfile();
  return useMutation<OwnProfile, unknown, File>({
    mutationFn: async (image) =>
      ownProfileSchema.parse(await api.put<unknown>('/api/profiles/me/avatar', image)),
    onSuccess: setSessionProfile,
  });
}

/** `DELETE /api/profiles/me/avatar`: the profile when the answer has it, else the session is asked again. */
export function useRemoveAvatar() {
  const setSessionProfile = useSetSessionProfile();
  const queryClient = useQueryClient();
  return useMutation<OwnProfile | null, unknown, void>({
    mutationFn: async () => {
      const parsed = ownProfileSchema.safeParse(await api.delete<unknown>('/api/profiles/me/avatar'));
      return parsed.success ? parsed.data : null;
    },
    onSuccess: (profile) => {
      if (profile) setSessionProfile(profile);
      else void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
    },
  });
}
