import { useMutation } from '@tanstack/react-query';
import {
  type OwnProfile,
  ownProfileSchema,
  type UpdateProfileRequest,
} from '@ztart/shared/contracts/profiles';
import { api } from '@/lib/api-client';
import { useSetSessionProfile } from '@/lib/auth/auth-actions';

/** `PATCH /api/profiles/me` (only the fields sent change) → the profile, written into the session. */
export function useUpdateProfile() {
  const setSessionProfile = useSetSessionProfile();
  return useMutation<OwnProfile, unknown, UpdateProfileRequest>({
    mutationFn: async (body) => ownProfileSchema.parse(await api.patch<unknown>('/api/profiles/me', body)),
    onSuccess: setSessionProfile,
  });
}
