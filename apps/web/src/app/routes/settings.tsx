import { ErrorState } from '@/components/feedback/error-state';
import { PageSpinner } from '@/components/feedback/spinner';
import { TitledPage } from '@/components/layout/page-section';
import { useAuth } from '@/features/auth/auth-context';
import { useSettings } from '@/features/settings/api/get-settings';
import { BusinessDetailsForm } from '@/features/settings/components/business-details-form';
import { EmailSettings } from '@/features/settings/components/email-settings';
import { EmailVerification } from '@/features/settings/components/email-verification';
import { useEmailVerification } from '@/features/settings/use-email-verification';
import { useSettingsSaves } from '@/features/settings/use-settings-saves';
import { PAGE_HEADS } from './page-heads';

export function Component() {
  const { user, refreshEmailVerified } = useAuth();
  const uid = user?.uid ?? '';
  const settings = useSettings(uid);
  const verification = useEmailVerification(refreshEmailVerified);
  const saves = useSettingsSaves(uid);

  return (
    <TitledPage head={PAGE_HEADS.settings} width="max-w-2xl">
      {user?.email && (
        <div className="mb-6">
          <EmailVerification
            email={user.email}
            verified={user.emailVerified}
            sentTo={verification.sentTo}
            sending={verification.sending}
            checking={verification.checking}
            onSend={() => void verification.onSendLink()}
            onCheck={() => void verification.onCheck()}
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
            saving={saves.saving}
            onChange={(next) => void saves.onChange(next)}
          />
          <BusinessDetailsForm
            details={settings.data.business}
            saving={saves.savingBusiness}
            onSave={(details) => void saves.onSaveBusiness(details)}
          />
        </div>
      )}
    </TitledPage>
  );
}
