import { errorDialog, formDialog, successDialog } from '@/lib/dialogs';
import { useChangeAccount } from '../api/accounts';

/** On a product page: the buyer asks its supplier for payment terms (the supplier answers on Accounts). */
export function RequestTermsButton({
  supplierId,
  supplierName,
}: {
  supplierId: string;
  supplierName: string;
}) {
  const change = useChangeAccount();
  const onClick = async () => {
    const values = await formDialog({
      title: `Ask ${supplierName} for payment terms`,
      text: 'The supplier sees your request on their Trade accounts page.',
      fields: [
        { name: 'companyName', label: 'Company name', maxLength: 200, required: true },
        { name: 'taxId', label: 'Tax id', maxLength: 50 },
        { name: 'billingAddress', label: 'Billing address', maxLength: 500, required: true, multiline: true },
        { name: 'note', label: 'Note (for example: net 30)', maxLength: 1000, multiline: true },
      ],
      confirmText: 'Send Request',
      cancelText: 'Cancel',
    });
    if (!values) return;
    try {
      await change.mutateAsync({
        kind: 'request',
        body: {
          supplierId,
          companyName: values.companyName ?? '',
          taxId: values.taxId || null,
          billingAddress: values.billingAddress ?? '',
          note: values.note || null,
        },
      });
      await successDialog('Request sent', `${supplierName} will answer on your trade account.`);
    } catch (err) {
      await errorDialog('Request Failed', err instanceof Error ? err.message : 'Please try again.');
    }
  };
  return (
    <button
      type="button"
      className="btn btn-outline btn-sm"
      disabled={change.isPending}
      onClick={() => void onClick()}
    >
      Ask for payment terms
    </button>
  );
}
