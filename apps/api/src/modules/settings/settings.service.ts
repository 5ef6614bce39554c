import type { UserSettings, UserSettingsUpdate } from '@bulkwise/contracts';
import type { AuthUser } from '../auth/tokens';
import type { SettingsRepository } from './settings.repository';

/** A user reads and writes only their own settings: the uid comes from the token. */
export function createSettingsService(deps: { repository: SettingsRepository }) {
  const { repository } = deps;
  return {
    get: (user: AuthUser): Promise<UserSettings> => repository.get(user.uid),
    put: (user: AuthUser, settings: UserSettingsUpdate): Promise<UserSettings> =>
      repository.put(user.uid, settings),
  };
}
export type SettingsService = ReturnType<typeof createSettingsService>;
