import { z } from 'zod';
import { optionalText } from './field-rules';

/** The most characters of each business detail (the same limits as a buyer's request for terms). */
export const BUSINESS_DETAILS_MAX = { legalName: 200, billingAddress: 500, taxId: 50 } as const;

/**
 * A supplier's business details, printed on every invoice and credit note issued from then on (each
 * document keeps the details it was issued with). Every field is optional: blank means not set.
 */
export const BusinessDetailsSchema = z.object({
  legalName: z.string().nullable(),
  billingAddress: z.string().nullable(),
  taxId: z.string().nullable(),
});
export type BusinessDetails = z.infer<typeof BusinessDetailsSchema>;

/** The details as sent: trimmed, blank or null clears one; all three are replaced together. */
export const BusinessDetailsInputSchema = z
  .object({
    legalName: optionalText('Legal name', BUSINESS_DETAILS_MAX.legalName),
    billingAddress: optionalText('Billing address', BUSINESS_DETAILS_MAX.billingAddress),
    taxId: optionalText('Tax id', BUSINESS_DETAILS_MAX.taxId),
  })
  .strict();
export type BusinessDetailsInput = z.input<typeof BusinessDetailsInputSchema>;

export const NO_BUSINESS_DETAILS: BusinessDetails = { legalName: null, billingAddress: null, taxId: null };

/** A signed-in user's preferences, stored on the server (GET/PUT /api/settings). */
export const UserSettingsSchema = z.object({
  /** Order emails: new orders for suppliers, confirmations, shipping and cancellations for buyers. */
  emailNotifications: z.boolean({ error: 'emailNotifications must be true or false' }),
  /** Low-stock emails: a product of the supplier's fell below its low-stock threshold. */
  lowStockEmails: z.boolean({ error: 'lowStockEmails must be true or false' }),
  /** The seller's details on invoices and credit notes. */
  business: BusinessDetailsSchema,
});
export type UserSettings = z.infer<typeof UserSettingsSchema>;

/** PUT /api/settings: the settings to change; those left out keep their value. */
export const UserSettingsUpdateSchema = z
  .object({
    emailNotifications: UserSettingsSchema.shape.emailNotifications.optional(),
    lowStockEmails: UserSettingsSchema.shape.lowStockEmails.optional(),
    business: BusinessDetailsInputSchema.optional(),
  })
  .strict()
  .refine((v) => Object.keys(v).length > 0, 'Send at least one setting');
export type UserSettingsUpdate = z.infer<typeof UserSettingsUpdateSchema>;

export const DEFAULT_USER_SETTINGS: UserSettings = {
  emailNotifications: true,
  lowStockEmails: true,
  business: NO_BUSINESS_DETAILS,
};
