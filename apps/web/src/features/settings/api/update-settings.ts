import { UserSettingsSchema, type UserSettings, type UserSettingsUpdate } from '@bulkwise/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { settingsKeys } from './keys';

/** PUT /api/settings (signed in): changes the settings sent (the others keep theirs); answers what is stored. */
export function updateSettings(settings: UserSettingsUpdate): Promise<UserSettings> {
  return api.put('/settings', settings, UserSettingsSchema);
}

export function useUpdateSettings(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSettings,
    onSuccess: (stored) => queryClient.setQueryData(settingsKeys.mine(uid), stored),
  });
}
