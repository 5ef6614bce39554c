import type { UserSettings } from '@bulkwise/contracts';
import { Settings } from 'lucide-react';
import toast from 'react-hot-toast';
import { ErrorState } from '@/components/feedback/error-state';
import { PageSpinner } from '@/components/feedback/spinner';
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
    <section className="container mx-auto max-w-2xl px-4 py-8 sm:py-12" aria-labelledby="settings-title">
      <header className="mb-8">
        <h1 id="settings-title" className="flex items-center gap-3 text-3xl font-bold">
          <Settings className="size-8 text-primary" aria-hidden="true" />
          {SETTINGS_TITLE}
        </h1>
        <p className="mt-1 text-base-content/70">Choose what Bulkwise sends you</p>
      </header>
      {settings.isPending ? (
        <PageSpinner />
      ) : settings.isError ? (
        <ErrorState message="We could not load your settings." />
      ) : (
        <EmailSettings settings={settings.data} saving={update.isPending} onChange={(next) => void onChange(next)} />
      )}
    </section>
  );
}
