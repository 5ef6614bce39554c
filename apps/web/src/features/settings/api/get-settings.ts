import { UserSettingsSchema, type UserSettings } from '@bulkwise/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { settingsKeys } from './keys';

/** GET /api/settings (signed in): the user's own preferences. */
export function getSettings(signal?: AbortSignal): Promise<UserSettings> {
  return api.get('/settings', UserSettingsSchema, { signal });
}

export const settingsQueryOptions = (uid: string) =>
  queryOptions({ queryKey: settingsKeys.mine(uid), queryFn: ({ signal }) => getSettings(signal) });

export const useSettings = (uid: string) => useQuery(settingsQueryOptions(uid));
