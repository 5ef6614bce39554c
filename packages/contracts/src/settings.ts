import { z } from 'zod';

/** A signed-in user's preferences, stored on the server (GET/PUT /api/settings). */
export const UserSettingsSchema = z.object({
  /** Order emails: new orders for suppliers, confirmations, shipping and cancellations for buyers. */
  emailNotifications: z.boolean({ error: 'emailNotifications must be true or false' }),
});
export type UserSettings = z.infer<typeof UserSettingsSchema>;

export const DEFAULT_USER_SETTINGS: UserSettings = { emailNotifications: true };
