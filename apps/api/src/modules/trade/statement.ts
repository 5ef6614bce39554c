import type { BusinessDetails } from '@bulkwise/contracts';
import type { AuthUser } from '../auth/tokens';
import { csvCell } from '../orders/orders.csv';
import { statementPdf, type StatementItem } from './documents.pdf';
import { balanceOf } from './invoices.mapper';
import type { InvoicesRepository } from './invoices.repository';
import { dayOf, dollars } from './trade.mapper';
import type { TradeService } from './trade.service';

const BUCKETS: Array<[string, (age: number) => boolean]> = [
  ['0-30 days', (a) => a <= 30],
  ['31-60 days', (a) => a > 30 && a <= 60],
  ['61-90 days', (a) => a > 60 && a <= 90],
  ['Over 90 days', (a) => a > 90],
];

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/**
 * Per account: its open items (invoices with a balance) and their aging by days since issue. Headed by the
 * parties as an invoice issued today would name them: the seller's legal name from its business details
 * (Settings), the buyer's company from its request for terms, each else the display name.
 */
export function createStatements(deps: {
  trade: TradeService;
  invoices: InvoicesRepository;
  clock: () => Date;
  businessDetails: (uid: string) => Promise<BusinessDetails>;
}) {
  async function statement(user: AuthUser, accountId: string) {
    const { row } = await deps.trade.visible(user, accountId);
    const { legalName } = await deps.businessDetails(row.supplierUid);
    const on = dayOf(deps.clock());
    const items: StatementItem[] = (await deps.invoices.openItems(accountId)).map((i) => ({
      number: i.number,
      issuedOn: i.issuedOn,
      dueOn: i.dueOn,
      total: dollars(i.totalCents),
      balance: dollars(balanceOf(i)),
      ageDays: Math.max(daysBetween(i.issuedOn, on), 0),
    }));
    const aging = BUCKETS.map(([label, inBucket]): [string, number] => [
      label,
      dollars(
        items.filter((i) => inBucket(i.ageDays)).reduce((sum, i) => sum + Math.round(i.balance * 100), 0),
      ),
    ]);
    const head = { seller: legalName ?? row.supplierName, buyer: row.companyName ?? row.buyerName, on };
    return { head, items, aging };
  }

  return {
    async csv(user: AuthUser, accountId: string): Promise<string> {
      const { items, aging } = await statement(user, accountId);
      const header = ['invoice', 'issued', 'due', 'total', 'open', 'age days', 'bucket'];
      const bucketOf = (age: number) => BUCKETS.find(([, inBucket]) => inBucket(age))![0];
      const rows = items.map((i) =>
        [
          i.number,
          i.issuedOn,
          i.dueOn,
          i.total.toFixed(2),
          i.balance.toFixed(2),
          i.ageDays,
          bucketOf(i.ageDays),
        ]
          .map(csvCell)
          .join(','),
      );
      const totals = aging.map(([label, amount]) =>
        ['', '', '', '', amount.toFixed(2), '', label].map(csvCell).join(','),
      );
      return [header.map(csvCell).join(','), ...rows, ...totals].map((l) => `${l}\r\n`).join('');
    },
    async pdf(user: AuthUser, accountId: string): Promise<Buffer> {
      const { head, items, aging } = await statement(user, accountId);
      return statementPdf(head, items, aging);
    },
  };
}
export type Statements = ReturnType<typeof createStatements>;
