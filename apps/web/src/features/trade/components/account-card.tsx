import type { TradeAccount } from '@bulkwise/contracts';
import { AccountActions, type AccountActionsProps } from './account-actions';
import { AccountFigures } from './account-figures';
import { TradeCard } from './trade-card';

export const ACCOUNT_STATUS_LABEL: Record<TradeAccount['status'], string> = {
  requested: 'Terms requested',
  active: 'Active',
  on_hold: 'On hold',
  declined: 'Request declined',
};

/** The account, which side views it, and what its actions need (the card supplies their title). */
type AccountCardProps = Omit<AccountActionsProps, 'title'>;

/** One supplier–buyer account: terms, limit, what is owed and its age, the history, and the actions. */
export function AccountCard(props: AccountCardProps) {
  const { account: a, as } = props;
  const title = as === 'buyer' ? a.supplierName : (a.companyName ?? a.buyer.name);
  const status = (
    <span className="badge badge-outline" data-testid="account-status">
      {ACCOUNT_STATUS_LABEL[a.status]}
    </span>
  );
  return (
    <TradeCard kind="account" id={a._id} title={title} status={status}>
      {as === 'supplier' && (
        <p className="text-sm text-base-content/80">
          {a.buyer.name} · {a.buyer.email}
          {a.taxId ? ` · Tax id ${a.taxId}` : ''}
          {a.billingAddress ? ` · ${a.billingAddress}` : ''}
        </p>
      )}
      <AccountFigures account={a} />
      {a.history.length > 0 && (
        <details>
          <summary className="cursor-pointer text-sm">History ({a.history.length})</summary>
          <ol className="mt-2 text-sm text-base-content/80">
            {a.history.map((h, i) => (
              <li key={i}>
                {h.at.slice(0, 10)} · {h.action.replace('_', ' ')} by {h.by}
                {h.reason ? `: ${h.reason}` : ''}
              </li>
            ))}
          </ol>
        </details>
      )}
      <AccountActions {...props} title={title} />
    </TradeCard>
  );
}
