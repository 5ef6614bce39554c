import { DEFAULT_USER_SETTINGS, type UserSettings } from '@bulkwise/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { userSettings } from '../../db/schema';

export function createSettingsRepository(db: Db) {
  return {
    async get(uid: string): Promise<UserSettings> {
      const [row] = await db
        .select({ emailNotifications: userSettings.emailNotifications })
        .from(userSettings)
        .where(eq(userSettings.uid, uid));
      return row ?? DEFAULT_USER_SETTINGS;
    },

    /** One upsert: the last of two simultaneous saves wins whole, never a mix. */
    async put(uid: string, settings: UserSettings): Promise<UserSettings> {
      const [row] = await db
        .insert(userSettings)
        .values({ uid, ...settings })
        .onConflictDoUpdate({
          target: userSettings.uid,
          set: { emailNotifications: settings.emailNotifications, updatedAt: sql`now()` },
        })
        .returning({ emailNotifications: userSettings.emailNotifications });
      return row!;
    },
  };
}
export type SettingsRepository = ReturnType<typeof createSettingsRepository>;
