import { DEFAULT_USER_SETTINGS, type UserSettings, type UserSettingsUpdate } from '@bulkwise/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { userSettings } from '../../db/schema';

const columns = {
  emailNotifications: userSettings.emailNotifications,
  lowStockEmails: userSettings.lowStockEmails,
};

export function createSettingsRepository(db: Db) {
  return {
    async get(uid: string): Promise<UserSettings> {
      const [row] = await db.select(columns).from(userSettings).where(eq(userSettings.uid, uid));
      return row ?? DEFAULT_USER_SETTINGS;
    },

    /** One upsert of the settings sent (the others keep their value): two saves never mix within a setting. */
    async put(uid: string, settings: UserSettingsUpdate): Promise<UserSettings> {
      const [row] = await db
        .insert(userSettings)
        .values({ uid, ...DEFAULT_USER_SETTINGS, ...settings })
        .onConflictDoUpdate({
          target: userSettings.uid,
          set: { ...settings, updatedAt: sql`now()` },
        })
        .returning(columns);
      return row!;
    },
  };
}
export type SettingsRepository = ReturnType<typeof createSettingsRepository>;
