import type { TradeAccount } from '@bulkwise/contracts';
import { formatPrice } from '@/components/ui/price';

const termsLabel = (a: Pick<TradeAccount, 'terms' | 'netDays'>) =>
  a.terms === 'net' ? `Net ${a.netDays} days` : 'Prepay';

/** The account's terms, limit, what is owed and what is left, then the open invoices by age. */
export function AccountFigures({ account: a }: { account: TradeAccount }) {
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
    <>
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
    </>
  );
}
