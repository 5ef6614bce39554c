import type { TradeAccount } from '@bulkwise/contracts';
import { formatPrice } from '@/components/ui/price';

export const ACCOUNT_STATUS_LABEL: Record<TradeAccount['status'], string> = {
  requested: 'Terms requested',
  active: 'Active',
  on_hold: 'On hold',
  declined: 'Request declined',
};

export const termsLabel = (a: Pick<TradeAccount, 'terms' | 'netDays'>) =>
  a.terms === 'net' ? `Net ${a.netDays} days` : 'Prepay';

interface AccountCardProps {
  account: TradeAccount;
  as: 'buyer' | 'supplier';
  busy: boolean;
  onAction: (account: TradeAccount, kind: 'terms' | 'hold' | 'release' | 'decline') => void;
  onStatement: (account: TradeAccount, format: 'csv' | 'pdf') => void;
}

/** One supplier–buyer account: terms, limit, what is owed and its age, the history, and the actions. */
export function AccountCard({ account: a, as, busy, onAction, onStatement }: AccountCardProps) {
  const title = as === 'buyer' ? a.supplierName : (a.companyName ?? a.buyer.name);
  const figures: Array<[string, string]> = [
    ['Terms', termsLabel(a)],
    ['Credit limit', a.terms === 'net' ? formatPrice(a.creditLimit) : '—'],
    ['Outstanding', formatPrice(a.outstanding)],
    ['Available credit', a.available === null ? '—' : formatPrice(a.available)],
  ];
  const aging: Array<[string, number]> = [
    ['0–30 days', a.aging.current],
    ['31–60 days', a.aging.days31to60],
    ['61–90 days', a.aging.days61to90],
    ['Over 90 days', a.aging.over90],
  ];
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
        <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
          {figures.map(([label, value]) => (
            <div key={label}>
              <dt className="text-base-content/70">{label}</dt>
              <dd className="font-semibold">{value}</dd>
            </div>
          ))}
        </dl>
        <table className="table-xs table w-auto">
          <caption className="text-left text-sm font-medium">Open invoices by age</caption>
          <tbody>
            <tr>
              {aging.map(([label, amount]) => (
                <td key={label}>
                  <span className="block text-base-content/70">{label}</span>
                  {formatPrice(amount)}
                </td>
              ))}
            </tr>
          </tbody>
        </table>
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
        <div className="card-actions justify-end">
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => onStatement(a, 'csv')}>
            Statement CSV
          </button>
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => onStatement(a, 'pdf')}>
            Statement PDF
          </button>
          {as === 'supplier' && (
            <>
              {a.status === 'requested' && (
                <button
                  type="button"
                  className="btn btn-outline btn-sm"
                  disabled={busy}
                  onClick={() => onAction(a, 'decline')}
                >
                  Decline
                </button>
              )}
              {a.status === 'on_hold' ? (
                <button
                  type="button"
                  className="btn btn-outline btn-sm"
                  disabled={busy}
                  onClick={() => onAction(a, 'release')}
                >
                  Release hold
                </button>
              ) : (
                <button
                  type="button"
                  className="btn btn-outline btn-sm"
                  disabled={busy}
                  onClick={() => onAction(a, 'hold')}
                >
                  Put on hold
                </button>
              )}
              <button
                type="button"
                className="btn btn-primary btn-sm"
                disabled={busy}
                onClick={() => onAction(a, 'terms')}
              >
                Set terms<span className="sr-only"> for {title}</span>
              </button>
            </>
          )}
        </div>
      </div>
    </article>
  );
}
