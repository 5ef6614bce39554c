import { useState } from 'react';
import { useNavigate } from 'react-router';
import { REGISTER_MESSAGES } from '@/config/messages';
import { paths } from '@/config/paths';
import { errorDialog, successDialog } from '@/lib/dialogs';
import { useAuth, type RegisterInput } from './auth-context';
import { firebaseErrorCode, registerErrorMessage } from './auth-errors';

/**
 * Creates the account inside an auth flow: its failure dialog (offering sign-in when the address is
 * taken), then the success dialog and the home page.
 */
export function useCreateAccount() {
  const { register: createAccount, runAuthFlow } = useAuth();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  async function create(input: RegisterInput) {
    setBusy(true);
    try {
      await runAuthFlow(async () => {
        try {
          await createAccount(input);
        } catch (err) {
          setBusy(false);
          const failure = registerErrorMessage(firebaseErrorCode(err));
          const choice = await errorDialog(REGISTER_MESSAGES.failedTitle, failure.message, {
            extraButton: failure.offerLogin ? 'Sign In' : undefined,
          });
          if (choice === 'extra') await navigate(paths.login.getHref());
          return;
        }
        await successDialog(REGISTER_MESSAGES.success);
        await navigate(paths.home.getHref(), { replace: true });
      });
    } finally {
      setBusy(false);
    }
  }

  return { busy, create };
}
