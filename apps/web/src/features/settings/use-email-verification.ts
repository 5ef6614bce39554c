import { useState } from 'react';
import toast from 'react-hot-toast';
import { errorDialog } from '@/lib/dialogs';
import { useSendVerificationEmail } from './api/send-verification-email';

const VERIFIED_TOAST = 'Your email address is verified';
const NOT_YET_TOAST = 'Not verified yet: open the link in the email we sent';

/**
 * Settings' way to verify the address: send the link (or learn it is already verified), then check
 * once the user says they opened it. `refreshEmailVerified` (the session's) tells whether it now is.
 */
export function useEmailVerification(refreshEmailVerified: () => Promise<boolean>) {
  const sendLink = useSendVerificationEmail();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);

  const onSendLink = async () => {
    try {
      const result = await sendLink.mutateAsync();
      if (result.status === 'already_verified') {
        await refreshEmailVerified();
        toast.success(VERIFIED_TOAST);
      } else {
        setSentTo(result.email);
      }
    } catch (err) {
      console.error('Sending the verification email failed', err);
      void errorDialog('Could Not Send the Email', 'The verification email was not sent. Please try again.');
    }
  };

  const onCheck = async () => {
    setChecking(true);
    try {
      if (await refreshEmailVerified()) toast.success(VERIFIED_TOAST);
      else toast.error(NOT_YET_TOAST);
    } catch (err) {
      console.error('Checking the verification failed', err);
      void errorDialog('Could Not Check', 'We could not check your email address. Please try again.');
    } finally {
      setChecking(false);
    }
  };

  return { sentTo, sending: sendLink.isPending, checking, onSendLink, onCheck };
}
