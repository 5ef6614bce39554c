import { NET_DAYS, SetTermsBodySchema, type TradeAccount } from '@bulkwise/contracts';
import { Handshake } from 'lucide-react';
import { useState } from 'react';
import { EmptyState } from '@/components/feedback/empty-state';
import { ErrorState } from '@/components/feedback/error-state';
import { PageSpinner } from '@/components/feedback/spinner';
import { checkWith } from '@/components/form/dialog-fields';
import { errorDialog, formDialog, successDialog } from '@/lib/dialogs';
import { useChangeAccount, useTradeAccounts, type AccountAction } from '../api/accounts';
import { downloadFile } from '../api/download';
import { amountOf } from '../amount-input';
import { AccountCard } from './account-card';

const NET_DAYS_RULE = `Net days must be one of ${NET_DAYS.join(', ')}, or 0 for prepay`;

export const ACCOUNTS_LOAD_FAILED = 'Failed to load your trade accounts';

/** Asks the supplier for new terms; null when cancelled. */
async function askTerms(a: TradeAccount): Promise<AccountAction | null> {
  const values = await formDialog({
    title: `Terms for ${a.companyName ?? a.buyer.name}`,
    text: `Net days: ${NET_DAYS.join(', ')}, or 0 for prepay.`,
    fields: [
      {
        name: 'netDays',
        label: 'Net days',
        maxLength: 3,
        required: true,
        check: (v) =>
          v === '0' || (NET_DAYS as readonly number[]).includes(Number(v)) ? null : NET_DAYS_RULE,
      },
      {
        name: 'creditLimit',
        label: 'Credit limit (USD)',
        maxLength: 20,
        required: true,
        check: checkWith(SetTermsBodySchema.shape.creditLimit, amountOf),
      },
    ],
    confirmText: 'Save Terms',
    cancelText: 'Cancel',
  });
  if (!values) return null;
  const netDays = Number(values.netDays);
  const creditLimit = amountOf(values.creditLimit);
  return {
    kind: 'terms',
    id: a._id,
    body: netDays === 0 ? { terms: 'prepay', creditLimit } : { terms: 'net', netDays, creditLimit },
  };
}

async function askReason(
  a: TradeAccount,
  kind: 'hold' | 'release' | 'decline',
): Promise<AccountAction | null> {
  const titles = {
    hold: 'Put the account on hold',
    release: 'Release the hold',
    decline: 'Decline the request',
  };
  const values = await formDialog({
    title: titles[kind],
    text: 'The reason is kept in the account history.',
    fields: [{ name: 'reason', label: 'Reason', maxLength: 500, required: true, multiline: true }],
    confirmText: titles[kind],
    cancelText: 'Cancel',
    tone: kind === 'release' ? 'primary' : 'danger',
  });
  return values ? { kind, id: a._id, reason: values.reason ?? '' } : null;
}

/** The caller's trade accounts: the buyer's terms per supplier, or the supplier's buyers to manage. */
export function AccountList({ as }: { as: 'buyer' | 'supplier' }) {
  const accounts = useTradeAccounts(as);
  const change = useChangeAccount();
  const [busyId, setBusyId] = useState<string | null>(null);

  const onAction = async (a: TradeAccount, kind: 'terms' | 'hold' | 'release' | 'decline') => {
    const action = kind === 'terms' ? await askTerms(a) : await askReason(a, kind);
    if (!action) return;
    setBusyId(a._id);
    try {
      await change.mutateAsync(action);
      await successDialog('Account updated');
    } catch (err) {
      await errorDialog('Not Saved', err instanceof Error ? err.message : 'Please try again.');
    } finally {
      setBusyId(null);
    }
  };
  const onStatement = (a: TradeAccount, format: 'csv' | 'pdf') =>
    void downloadFile(`/trade-accounts/${a._id}/statement.${format}`, `statement-${a._id}.${format}`).catch(
      () => errorDialog('Download Failed', 'The statement could not be downloaded. Please try again.'),
    );

  if (accounts.isPending) return <PageSpinner />;
  if (accounts.isError) return <ErrorState message={ACCOUNTS_LOAD_FAILED} />;
  if (accounts.data.length === 0)
    return (
      <EmptyState
        title="No Trade Accounts Yet"
        message={
          as === 'buyer'
            ? 'An account opens with your first order from a supplier. Ask for terms from a product page.'
            : 'An account opens with a buyer’s first order or their request for terms.'
        }
        icon={<Handshake className="size-8" aria-hidden="true" />}
      />
    );
  return (
    <ul className="flex flex-col gap-4" aria-label="Trade accounts">
      {accounts.data.map((a) => (
        <li key={a._id}>
          <AccountCard
            account={a}
            as={as}
            busy={busyId === a._id}
            onAction={(acc, kind) => void onAction(acc, kind)}
            onStatement={onStatement}
          />
        </li>
      ))}
    </ul>
  );
}
