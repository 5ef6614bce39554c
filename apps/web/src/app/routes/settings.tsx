import type { UserSettings } from '@bulkwise/contracts';
import { Settings } from 'lucide-react';
import toast from 'react-hot-toast';
import { ErrorState } from '@/components/feedback/error-state';
import { PageSpinner } from '@/components/feedback/spinner';
import { PageSection } from '@/components/layout/page-section';
import { useAuth } from '@/features/auth/auth-context';
import { useSettings } from '@/features/settings/api/get-settings';
import { useUpdateSettings } from '@/features/settings/api/update-settings';
import { EmailSettings } from '@/features/settings/components/email-settings';
import { errorDialog } from '@/lib/dialogs';
import { usePageTitle } from '@/lib/page-title';

const SETTINGS_TITLE = 'Settings';
const SAVED_TOAST = 'Settings saved';

export function Component() {
  usePageTitle(SETTINGS_TITLE);
  const { user } = useAuth();
  const uid = user?.uid ?? '';
  const settings = useSettings(uid);
  const update = useUpdateSettings(uid);

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
