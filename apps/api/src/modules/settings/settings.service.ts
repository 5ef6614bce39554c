import type { UserSettings } from '@bulkwise/contracts';
import { unauthorized } from '../../errors';
import type { AuthUser } from '../auth/tokens';
import type { SettingsRepository } from './settings.repository';

/** A user reads and writes only their own settings: the uid comes from the token. */
export function createSettingsService(deps: { repository: SettingsRepository }) {
  const { repository } = deps;
  return {
    async get(user: AuthUser | null): Promise<UserSettings> {
      if (!user) throw unauthorized();
      return repository.get(user.uid);
    },
    async put(user: AuthUser | null, settings: UserSettings): Promise<UserSettings> {
      if (!user) throw unauthorized();
      return repository.put(user.uid, settings);
    },
  };
}
export type SettingsService = ReturnType<typeof createSettingsService>;
