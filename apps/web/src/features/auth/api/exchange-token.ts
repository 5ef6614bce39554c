import { JwtResponseSchema, type JwtRequest, type JwtResponse } from '@bulkwise/contracts';
import { api } from '@/lib/api-client';

/** POST /api/jwt: trades a Firebase ID token for the API session token. */
export function exchangeToken(firebaseIdToken: string, body: JwtRequest): Promise<JwtResponse> {
  return api.post('/jwt', body, JwtResponseSchema, {
    // The Firebase token is the credential here; an old API token must not be sent or refreshed.
    auth: false,
    headers: { Authorization: `Bearer ${firebaseIdToken}` },
  });
}
