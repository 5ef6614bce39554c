import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { GOOGLE_MESSAGES, LOGIN_MESSAGES } from '@/config/messages';
import { paths, redirectTarget } from '@/config/paths';
import { errorDialog, successDialog } from '@/lib/dialogs';
import { useAuth } from './auth-context';
import { firebaseErrorCode, googleErrorMessage, loginErrorMessage } from './auth-errors';

export type LoginKind = 'password' | 'google';

/**
 * A sign-in attempt by password or Google inside an auth flow: which one is running, its failure
 * dialog (offering registration when the account is unknown), then the success dialog and the page
 * the user came from.
 */
export function useLoginAttempt() {
  const { runAuthFlow } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [busy, setBusy] = useState<LoginKind | null>(null);

  const from = redirectTarget(location.state);

  async function attempt(kind: LoginKind, action: () => Promise<void>) {
    setBusy(kind);
    try {
      await runAuthFlow(async () => {
        try {
          await action();
        } catch (err) {
          setBusy(null);
          const code = firebaseErrorCode(err);
          if (kind === 'google') {
            await errorDialog(GOOGLE_MESSAGES.failedTitle, googleErrorMessage(code), {
              confirmText: 'Try Again',
            });
            return;
          }
          const failure = loginErrorMessage(code);
          const choice = await errorDialog(LOGIN_MESSAGES.failedTitle, failure.message, {
            confirmText: 'Try Again',
            extraButton: failure.offerRegister ? 'Create Account' : undefined,
          });
          if (choice === 'extra') await navigate(paths.register.getHref());
          return;
        }
        await successDialog(kind === 'google' ? LOGIN_MESSAGES.googleSuccess : LOGIN_MESSAGES.success);
        await navigate(from, { replace: true });
      });
    } finally {
      setBusy(null);
    }
  }

  return { busy, attempt };
}
