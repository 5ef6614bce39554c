import type { TradeAccount } from '@bulkwise/contracts';
import { AccountActions, type AccountAction } from './account-actions';
import { AccountFigures } from './account-figures';

export const ACCOUNT_STATUS_LABEL: Record<TradeAccount['status'], string> = {
  requested: 'Terms requested',
  active: 'Active',
  on_hold: 'On hold',
  declined: 'Request declined',
};

interface AccountCardProps {
  account: TradeAccount;
  as: 'buyer' | 'supplier';
  busy: boolean;
  onAction: (account: TradeAccount, kind: AccountAction) => void;
  onStatement: (account: TradeAccount, format: 'csv' | 'pdf') => void;
}

/** One supplier–buyer account: terms, limit, what is owed and its age, the history, and the actions. */
export function AccountCard({ account: a, as, busy, onAction, onStatement }: AccountCardProps) {
  const title = as === 'buyer' ? a.supplierName : (a.companyName ?? a.buyer.name);
  return (
    <article
      className="card border border-base-300 bg-base-100 shadow-sm"
      aria-labelledby={`account-${a._id}`}
      data-testid="account-card"
    >
      <div className="card-body gap-3 p-4 sm:p-5">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 id={`account-${a._id}`} className="text-lg font-semibold">
            {title}
          </h3>
          <span className="badge badge-outline" data-testid="account-status">
            {ACCOUNT_STATUS_LABEL[a.status]}
          </span>
        </div>
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
        <AccountActions
          account={a}
          as={as}
          title={title}
          busy={busy}
          onAction={onAction}
          onStatement={onStatement}
        />
      </div>
    </article>
  );
}
