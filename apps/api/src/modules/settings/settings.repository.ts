import {
  DEFAULT_USER_SETTINGS,
  NO_BUSINESS_DETAILS,
  type BusinessDetails,
  type UserSettings,
  type UserSettingsUpdate,
} from '@bulkwise/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { userSettings } from '../../db/schema';

const columns = {
  emailNotifications: userSettings.emailNotifications,
  lowStockEmails: userSettings.lowStockEmails,
  legalName: userSettings.legalName,
  billingAddress: userSettings.billingAddress,
  taxId: userSettings.taxId,
};
interface Row extends BusinessDetails {
  emailNotifications: boolean;
  lowStockEmails: boolean;
}

const toSettings = (r: Row): UserSettings => ({
  emailNotifications: r.emailNotifications,
  lowStockEmails: r.lowStockEmails,
  business: { legalName: r.legalName, billingAddress: r.billingAddress, taxId: r.taxId },
});

/** The columns a settings change writes: the business details all three at once, the others one by one. */
function changes(update: UserSettingsUpdate) {
  const { business, ...emails } = update;
  return business ? { ...emails, ...business } : emails;
}

/** The supplier's business details as they are now (none set: all null), in the caller's transaction. */
export async function businessDetailsOf(db: Db, uid: string): Promise<BusinessDetails> {
  const [row] = await db
    .select({ legalName: columns.legalName, billingAddress: columns.billingAddress, taxId: columns.taxId })
    .from(userSettings)
    .where(eq(userSettings.uid, uid));
  return row ?? NO_BUSINESS_DETAILS;
}

export function createSettingsRepository(db: Db) {
  return {
    async get(uid: string): Promise<UserSettings> {
      const [row] = await db.select(columns).from(userSettings).where(eq(userSettings.uid, uid));
      return row ? toSettings(row) : DEFAULT_USER_SETTINGS;
    },

    /** One upsert of the settings sent (the others keep their value): two saves never mix within a setting. */
    async put(uid: string, settings: UserSettingsUpdate): Promise<UserSettings> {
      const set = changes(settings);
      const { business: _defaults, ...emailDefaults } = DEFAULT_USER_SETTINGS;
      const [row] = await db
        .insert(userSettings)
        .values({ uid, ...emailDefaults, ...set })
        .onConflictDoUpdate({ target: userSettings.uid, set: { ...set, updatedAt: sql`now()` } })
        .returning(columns);
      return toSettings(row!);
    },
  };
}
export type SettingsRepository = ReturnType<typeof createSettingsRepository>;
