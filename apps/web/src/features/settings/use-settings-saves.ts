import type { BusinessDetails, UserSettings } from '@bulkwise/contracts';
import toast from 'react-hot-toast';
import { ApiError } from '@/lib/api-client';
import { errorDialog } from '@/lib/dialogs';
import { useUpdateSettings } from './api/update-settings';

const SAVED_TOAST = 'Settings saved';
const BUSINESS_SAVED_TOAST = 'Business details saved';

/** Saving the email choices and the business details, each with its own pending state and messages. */
export function useSettingsSaves(uid: string) {
  const update = useUpdateSettings(uid);
  const updateBusiness = useUpdateSettings(uid);

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

  return { saving: update.isPending, savingBusiness: updateBusiness.isPending, onChange, onSaveBusiness };
}
