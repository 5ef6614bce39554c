import { VerificationEmailResponseSchema, type VerificationEmailResponse } from '@bulkwise/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/account/verification-email (signed in): mails a verification link to the user's address. */
export function sendVerificationEmail(): Promise<VerificationEmailResponse> {
  return api.post('/account/verification-email', undefined, VerificationEmailResponseSchema);
}

export const useSendVerificationEmail = () => useMutation({ mutationFn: sendVerificationEmail });
