import type { InsightsReceivables } from '@bulkwise/contracts';
import { useInsightsReceivables } from '../api/get-insights';
import { formatMoney } from '../format';

const AGING: Array<[label: string, key: 'current' | 'days31to60' | 'days61to90' | 'over90']> = [
  ['0–30 days', 'current'],
  ['31–60 days', 'days31to60'],
  ['61–90 days', 'days61to90'],
  ['Over 90 days', 'over90'],
];

/**
 * What buyers owe the supplier now (issue #25's invoices): outstanding, overdue and the aging of open
 * balances by days since issue, as the account statements count them. Shown only once an invoice exists;
 * it loads beside the period's figures and never holds them up.
 */
export function Receivables() {
  const receivables = useInsightsReceivables();
  if (receivables.isPending) return null;
  if (receivables.isError) {
    return (
      <div role="alert" className="alert alert-soft alert-warning flex flex-wrap justify-between">
        <span>Could not load what buyers owe you.</span>
        <button type="button" className="btn btn-sm" onClick={() => void receivables.refetch()}>
          Try Again
        </button>
      </div>
    );
  }
  const r = receivables.data;
  if (r.invoices === 0) return null;
  return (
    <section aria-labelledby="receivables-title" className="card border border-base-300 bg-base-100">
      <div className="card-body gap-4">
        <h2 id="receivables-title" className="card-title text-lg">
          Receivables
        </h2>
        <dl className="grid gap-4 sm:grid-cols-3">
          <div>
            <dt className="text-sm text-base-content/75">Outstanding</dt>
            <dd className="text-2xl font-bold">{formatMoney(r.outstanding)}</dd>
            <dd className="text-sm text-base-content/75">
              {r.openInvoices} open {r.openInvoices === 1 ? 'invoice' : 'invoices'}
            </dd>
          </div>
          <div>
            <dt className="text-sm text-base-content/75">Overdue</dt>
            <dd className={`text-2xl font-bold ${r.overdue > 0 ? 'text-error' : ''}`}>
              {formatMoney(r.overdue)}
            </dd>
            <dd className="text-sm text-base-content/75">
              {r.overdueInvoices} past {r.overdueInvoices === 1 ? 'its' : 'their'} due date
            </dd>
          </div>
        </dl>
        <AgingTable aging={r.aging} />
      </div>
    </section>
  );
}

/** The open balances by days since issue, as the account statements count them. */
function AgingTable({ aging }: { aging: InsightsReceivables['aging'] }) {
  return (
    <div className="overflow-x-auto">
      <table className="table table-sm" aria-label="Open balances by age">
        <thead>
          <tr>
            <th scope="col">Days since issue</th>
            <th scope="col" className="text-right">
              Open
            </th>
          </tr>
        </thead>
        <tbody>
          {AGING.map(([label, key]) => (
            <tr key={key}>
              <th scope="row" className="font-normal">
                {label}
              </th>
              <td className="text-right tabular-nums">{formatMoney(aging[key])}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
