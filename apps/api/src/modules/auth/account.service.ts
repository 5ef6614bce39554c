import type { VerificationEmailResponse } from '@bulkwise/contracts';
import { AppError, busy } from '../../errors';
import type { AccountsRepository } from './accounts.repository';
import type { EmailVerificationLinks } from './firebase-verifier';
import type { AuthUser } from './tokens';

/** What the outbox needs to send the verification mail (modules/notifications). */
export type EnqueueMail = (row: {
  kind: 'account.verify_email';
  recipientUid: string;
  recipientEmail: string;
  payload: { name: string; email: string; code: string };
}) => Promise<void>;

/**
 * Email verification (decision 0019). Firebase makes the one-time code; our outbox mails it, so under
 * `npm start` it lands in the local inbox (the emulator mails nothing) and in production it goes the
 * same way as every other mail.
 */
export function createAccountService(deps: {
  links: EmailVerificationLinks;
  accounts: AccountsRepository;
  enqueue: EnqueueMail;
  invalidateOrders: (supplierUid: string) => void;
  now?: () => number;
}) {
  const now = deps.now ?? (() => Date.now());
  const firebase = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch {
      throw busy('Email verification is unavailable right now. Please try again in a moment.', 5);
    }
  };
  return {
    async sendVerification(user: AuthUser): Promise<VerificationEmailResponse> {
      const state = await firebase(() => deps.links.lookup(user.uid));
      if (state.email?.toLowerCase() !== user.email) {
        throw new AppError(
          'CONFLICT',
          'Your email address has changed since you signed in. Please sign in again.',
        );
      }
      if (state.emailVerified) {
        // Verified elsewhere (another device, or before this session's token): order emails go from now.
        const changed = await deps.accounts.record({
          uid: user.uid,
          email: user.email,
          emailVerified: true,
          issuedAt: Math.floor(now() / 1000),
        });
        for (const supplierUid of changed) deps.invalidateOrders(supplierUid);
        return { status: 'already_verified', email: user.email };
      }
      const code = await firebase(() => deps.links.verificationCode(user.email));
      await deps.enqueue({
        kind: 'account.verify_email',
        recipientUid: user.uid,
        recipientEmail: user.email,
        payload: { name: user.name, email: user.email, code },
      });
      return { status: 'sent', email: user.email };
    },
  };
}
export type AccountService = ReturnType<typeof createAccountService>;
