import type { BusinessDetails, UserSettings } from '@bulkwise/contracts';
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
import { BusinessDetailsForm } from '@/features/settings/components/business-details-form';
import { EmailSettings } from '@/features/settings/components/email-settings';
import { EmailVerification } from '@/features/settings/components/email-verification';
import { ApiError } from '@/lib/api-client';
import { errorDialog } from '@/lib/dialogs';
import { usePageTitle } from '@/lib/page-title';

const SETTINGS_TITLE = 'Settings';
const SAVED_TOAST = 'Settings saved';
const BUSINESS_SAVED_TOAST = 'Business details saved';
const VERIFIED_TOAST = 'Your email address is verified';
const NOT_YET_TOAST = 'Not verified yet: open the link in the email we sent';

export function Component() {
  usePageTitle(SETTINGS_TITLE);
  const { user, refreshEmailVerified } = useAuth();
  const uid = user?.uid ?? '';
  const settings = useSettings(uid);
  const update = useUpdateSettings(uid);
  const updateBusiness = useUpdateSettings(uid);
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

  const onChange = async ({ emailNotifications, lowStockEmails }: UserSettings) => {
    try {
      await update.mutateAsync({ emailNotifications, lowStockEmails });
    } catch (err) {
      console.error('Saving settings failed', err);
      void errorDialog('Could Not Save Settings', 'Your choice was not saved. Please try again.');
      return;
    }
    toast.success(SAVED_TOAST);
  };

  const onSaveBusiness = async (business: BusinessDetails) => {
    try {
      await updateBusiness.mutateAsync({ business });
    } catch (err) {
      console.error('Saving business details failed', err);
      const message = err instanceof ApiError && err.status === 400 ? err.message : undefined;
      void errorDialog(
        'Could Not Save Business Details',
        message ?? 'Your business details were not saved. Please try again.',
      );
      return;
    }
    toast.success(BUSINESS_SAVED_TOAST);
  };

  return (
    <PageSection
      id="settings-title"
      title={SETTINGS_TITLE}
      icon={Settings}
      subtitle="Choose what Bulkwise sends you and what your invoices show"
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
        <div className="flex flex-col gap-6">
          <EmailSettings
            settings={settings.data}
            saving={update.isPending}
            onChange={(next) => void onChange(next)}
          />
          <BusinessDetailsForm
            details={settings.data.business}
            saving={updateBusiness.isPending}
            onSave={(details) => void onSaveBusiness(details)}
          />
        </div>
      )}
    </PageSection>
  );
}
