import { z } from 'zod';

/** POST /api/jwt: the Firebase ID token travels in the Authorization header; the body names the user. */
export const JwtRequestSchema = z.object({
  email: z.email().max(254),
  uid: z.string().min(1).max(128),
});
export type JwtRequest = z.infer<typeof JwtRequestSchema>;

export const JwtResponseSchema = z.object({
  token: z.string(),
  /** Seconds until the token expires. */
  expiresIn: z.number().int().positive(),
});
export type JwtResponse = z.infer<typeof JwtResponseSchema>;

/** GET /api/config: what the browser needs to reach the identity provider (public values only). */
export const ClientConfigSchema = z.object({
  firebase: z.object({
    apiKey: z.string(),
    authDomain: z.string(),
    projectId: z.string(),
    appId: z.string().optional(),
  }),
  /** http://host:port of the Firebase Auth emulator, or null for the real Firebase project. */
  authEmulatorUrl: z.string().nullable(),
});
export type ClientConfig = z.infer<typeof ClientConfigSchema>;

/**
 * POST /api/account/verification-email: `sent` when a verification link went to the outbox (the
 * signed-in user's address), `already_verified` when Firebase already vouches for the address (the
 * server records that at once, so order emails go from now on).
 */
export const VerificationEmailResponseSchema = z.object({
  status: z.enum(['sent', 'already_verified']),
  email: z.string(),
});
export type VerificationEmailResponse = z.infer<typeof VerificationEmailResponseSchema>;
