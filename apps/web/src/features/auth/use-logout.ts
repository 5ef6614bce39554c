import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { LOGOUT_MESSAGES } from '@/config/messages';
import { paths } from '@/config/paths';
import { confirmDialog, errorDialog, successDialog } from '@/lib/dialogs';
import { useAuth } from './auth-context';

/** Logout as spec section 2 describes it: confirm, sign out, success for 1.5 s, then home. */
export function useLogout(): () => Promise<void> {
  const { logOut, runAuthFlow } = useAuth();
  const navigate = useNavigate();

  return useCallback(async () => {
    const confirmed = await confirmDialog({
      text: LOGOUT_MESSAGES.confirm,
      confirmText: LOGOUT_MESSAGES.confirmButton,
      cancelText: LOGOUT_MESSAGES.cancelButton,
    });
    if (!confirmed) return;
    await runAuthFlow(async () => {
      try {
        await logOut();
      } catch (err) {
        await errorDialog('Logout Failed', err instanceof Error ? err.message : String(err));
        return;
      }
      await successDialog(LOGOUT_MESSAGES.success);
      await navigate(paths.home.getHref());
    });
  }, [logOut, runAuthFlow, navigate]);
}
