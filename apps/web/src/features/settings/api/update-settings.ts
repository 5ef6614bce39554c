import { UserSettingsSchema, type UserSettings } from '@bulkwise/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { settingsKeys } from './keys';

/** PUT /api/settings (signed in): replaces the user's preferences; answers what was stored. */
export function updateSettings(settings: UserSettings): Promise<UserSettings> {
  return api.put('/settings', settings, UserSettingsSchema);
}

export function useUpdateSettings(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSettings,
    onSuccess: (stored) => queryClient.setQueryData(settingsKeys.mine(uid), stored),
  });
}
