import type { UserSettings } from '@bulkwise/contracts';
import { Settings } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { ErrorState } from '@/components/feedback/error-state';
import { PageSpinner } from '@/components/feedback/spinner';
import { PageSection } from '@/components/layout/page-section';
import { useAuth } from '@/features/auth/auth-context';
import { useSettings } from '@/features/settings/api/get-settings';
import { useUpdateSettings } from '@/features/settings/api/update-settings';
import { useSendVerificationEmail } from '@/features/settings/api/send-verification-email';
import { EmailSettings } from '@/features/settings/components/email-settings';
import { EmailVerification } from '@/features/settings/components/email-verification';
import { errorDialog } from '@/lib/dialogs';
import { usePageTitle } from '@/lib/page-title';

const SETTINGS_TITLE = 'Settings';
const SAVED_TOAST = 'Settings saved';
const VERIFIED_TOAST = 'Your email address is verified';
const NOT_YET_TOAST = 'Not verified yet: open the link in the email we sent';

export function Component() {
  usePageTitle(SETTINGS_TITLE);
  const { user, refreshEmailVerified } = useAuth();
  const uid = user?.uid ?? '';
  const settings = useSettings(uid);
  const update = useUpdateSettings(uid);
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

  const onChange = async (next: UserSettings) => {
    try {
      await update.mutateAsync(next);
    } catch (err) {
      console.error('Saving settings failed', err);
      void errorDialog('Could Not Save Settings', 'Your choice was not saved. Please try again.');
      return;
    }
    toast.success(SAVED_TOAST);
  };

  return (
    <PageSection
      id="settings-title"
      title={SETTINGS_TITLE}
      icon={Settings}
      subtitle="Choose what Bulkwise sends you"
      width="max-w-2xl"
    >
      {user?.email && (
        <div className="mb-6">
          <EmailVerification
            email={user.email}
            verified={user.emailVerified}
            sentTo={sentTo}
            sending={sendLink.isPending}
            checking={checking}
            onSend={() => void onSendLink()}
            onCheck={() => void onCheck()}
          />
        </div>
      )}
      {settings.isPending ? (
        <PageSpinner />
      ) : settings.isError ? (
        <ErrorState message="We could not load your settings." />
      ) : (
        <EmailSettings
          settings={settings.data}
          saving={update.isPending}
          onChange={(next) => void onChange(next)}
        />
      )}
    </PageSection>
  );
}
