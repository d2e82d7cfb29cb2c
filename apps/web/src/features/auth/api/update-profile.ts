import { CurrentUserSchema, type CurrentUser, type UpdateProfileInput } from '@tenantry/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { ME_QUERY_KEY } from '#web/lib/query-client.ts';

/** PATCH /api/v1/me: the display name; answers the current user with it. */
export function updateProfile(input: UpdateProfileInput): Promise<CurrentUser> {
  return apiFetch('/api/v1/me', { method: 'PATCH', body: input, schema: CurrentUserSchema });
}

export function useUpdateProfile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    // The header and the menu show the new name at once.
    onSuccess: (user) => qc.setQueryData(ME_QUERY_KEY, user),
  });
}
