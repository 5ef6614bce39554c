import { z } from 'zod';

/** A signed-in user's preferences, stored on the server (GET/PUT /api/settings). */
export const UserSettingsSchema = z.object({
  /** Order emails: new orders for suppliers, confirmations, shipping and cancellations for buyers. */
  emailNotifications: z.boolean({ error: 'emailNotifications must be true or false' }),
  /** Low-stock emails: a product of the supplier's fell below its low-stock threshold. */
  lowStockEmails: z.boolean({ error: 'lowStockEmails must be true or false' }),
});
export type UserSettings = z.infer<typeof UserSettingsSchema>;

/** PUT /api/settings: the settings to change; those left out keep their value. */
export const UserSettingsUpdateSchema = UserSettingsSchema.partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, 'Send at least one setting');
export type UserSettingsUpdate = z.infer<typeof UserSettingsUpdateSchema>;

export const DEFAULT_USER_SETTINGS: UserSettings = { emailNotifications: true, lowStockEmails: true };
