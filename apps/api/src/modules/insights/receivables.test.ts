import type { InsightsReceivables } from '@bulkwise/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useClockedTestApp } from '../../../test/use-test-app';
import { type makeUser } from '../../../test/factories';
import { call, grantNet, invoiceOfOrder, pay, tradingPair, ordersShippedAt } from '../../../test/trade';

const { clock, t } = useClockedTestApp();

const receivables = async (user: ReturnType<typeof makeUser>) => {
  const res = await call(t, user, 'GET', '/api/insights/receivables');
  expect(res.statusCode, res.body).toBe(200);
  return res.json<InsightsReceivables>();
};

describe('GET /api/insights/receivables', () => {
  it("is the supplier's open invoices now: outstanding, overdue and aging, equal to the plain query and fresh after a payment", async () => {
    clock.set(new Date());
    const { supplier, buyer, product, supplierId } = await tradingPair(t);
    expect(await receivables(supplier)).toMatchObject({ invoices: 0, outstanding: 0, overdue: 0 });

    await grantNet(t, supplier, buyer, supplierId, 100_000, 30);
    // Shipped (invoiced, net 30) at four ages: the three older ones are past their due date.
    const parties = { supplier, buyer, productId: product._id };
    const orders = await ordersShippedAt(t, clock, parties, [5, 45, 75, 120]);
    const before = await receivables(supplier);
    expect(before).toEqual({
      invoices: 4,
      outstanding: 400,
      overdue: 300,
      openInvoices: 4,
      overdueInvoices: 3,
      aging: { current: 100, days31to60: 100, days61to90: 100, over90: 100 },
    });

    // A payment shows in the next read (the answer is kept until the supplier's orders or invoices change).
    const paid = (await invoiceOfOrder(t, supplier, orders[1]!))!;
    expect((await pay(t, supplier, paid._id, 40)).statusCode).toBe(200);
    const after = await receivables(supplier);
    expect(after).toMatchObject({ outstanding: 360, overdue: 260, aging: { days31to60: 60 } });

    // The same figures straight from the invoices table.
    const today = clock.now().toISOString().slice(0, 10);
    const result = await t.database.db.execute(sql`
      select sum(total_cents - paid_cents - credited_cents) as outstanding,
        sum(total_cents - paid_cents - credited_cents) filter (where due_on < ${today}::date) as overdue
      from invoices where supplier_uid = ${supplier.uid} and voided_at is null
        and paid_cents + credited_cents < total_cents`);
    const [row] = (result as unknown as { rows: Array<Record<string, string>> }).rows;
    expect([after.outstanding, after.overdue]).toEqual([
      Number(row!.outstanding) / 100,
      Number(row!.overdue) / 100,
    ]);

    // Nobody else sees them; the buyer owes, but sells nothing.
    expect(await receivables(buyer)).toMatchObject({ invoices: 0, outstanding: 0 });
    expect((await call(t, null, 'GET', '/api/insights/receivables')).statusCode).toBe(401);
  });
});
