import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useClockedTestApp } from '../../../test/use-test-app';
import { makeUser, moveOrder, supplierWithProduct } from '../../../test/factories';
import { buy, call, daysAgo, grantNet, invoiceOfOrder, pay } from '../../../test/trade';
import { openPostgres } from '../../db/client';
import { notificationOutbox } from '../../db/schema';
import { renderTradeMail, type TradeMailPayload } from '../notifications/trade-mail';
import { queueInvoiceReminders } from './reminders';
import { dayOf } from './trade.mapper';

const { clock, t } = useClockedTestApp();

const mailsTo = async (uid: string) =>
  (
    await t.database.db
      .select()
      .from(notificationOutbox)
      .where(eq(notificationOutbox.recipientUid, uid))
      .orderBy(notificationOutbox.createdAt)
  ).map((r) => ({ kind: r.kind, payload: r.payload as TradeMailPayload }));

describe('trade emails through the outbox', () => {
  it('terms set, invoice issued and payment recorded reach the buyer; remittance the supplier; each once', async () => {
    clock.set(new Date());
    const { supplier, product } = await supplierWithProduct(t, { price: 4, minSellingQuantity: 1 });
    const buyer = makeUser('buyer');
    await grantNet(t, supplier, buyer, supplier.uid, 500, 15);
    const orderId = (await buy(t, buyer, product._id, 10, { poNumber: 'PO-55' })).json<{
      cartItemId: string;
    }>().cartItemId;
    await moveOrder(t, supplier, orderId, 'ship');
    await moveOrder(t, supplier, orderId, 'ship');
    const invoice = (await invoiceOfOrder(t, supplier, orderId))!;
    await pay(t, supplier, invoice._id, 15, 'mail-test-key');
    await pay(t, supplier, invoice._id, 15, 'mail-test-key');
    await call(t, buyer, 'POST', `/api/invoices/${invoice._id}/remittance`, {
      amount: 25,
      reference: 'BACS 7',
    });

    const toBuyer = (await mailsTo(buyer.uid)).filter((m) => m.kind.startsWith('trade.'));
    expect(toBuyer.map((m) => m.kind)).toEqual([
      'trade.terms_changed',
      'trade.invoice_issued',
      'trade.payment_recorded',
    ]);
    const issued = toBuyer[1]!.payload;
    expect(issued.facts).toContainEqual(['Invoice', invoice.number]);
    expect(issued.facts).toContainEqual(['PO number', 'PO-55']);
    expect(issued.link.path).toBe(`/invoices?id=${invoice._id}`);
    const toSupplier = (await mailsTo(supplier.uid)).filter((m) => m.kind.startsWith('trade.'));
    expect(toSupplier.map((m) => m.kind)).toEqual(['trade.remittance']);

    const mail = renderTradeMail({ ...issued, greeting: '<b>Bea</b>' }, 'https://bulkwise.test');
    expect(mail.subject).toContain(invoice.number);
    expect(mail.html).toContain('&lt;b&gt;Bea&lt;/b&gt;');
    expect(mail.text).toContain(`https://bulkwise.test/invoices?id=${invoice._id}`);
  });

  it('due-soon and overdue reminders are queued once per invoice, even from two instances at once', async () => {
    const { supplier, product } = await supplierWithProduct(t, { price: 4, minSellingQuantity: 1 });
    const buyer = makeUser('buyer');
    await grantNet(t, supplier, buyer, supplier.uid, 500, 7);
    const soon = (await buy(t, buyer, product._id, 1)).json<{ cartItemId: string }>().cartItemId;
    const late = (await buy(t, buyer, product._id, 2)).json<{ cartItemId: string }>().cartItemId;
    clock.set(daysAgo(5));
    await moveOrder(t, supplier, soon, 'ship');
    clock.set(daysAgo(20));
    await moveOrder(t, supplier, late, 'ship');
    clock.set(new Date());

    const other = await openPostgres({ url: t.database.url, poolSize: 2, migrate: false });
    try {
      const today = dayOf(new Date());
      await Promise.all([
        queueInvoiceReminders(t.database.db, today),
        queueInvoiceReminders(other.db, today),
        queueInvoiceReminders(t.database.db, today),
      ]);
      await queueInvoiceReminders(other.db, today);
    } finally {
      await other.close();
    }
    const reminders = (await mailsTo(buyer.uid)).filter(
      (m) => m.kind.endsWith('due_soon') || m.kind.endsWith('overdue'),
    );
    const soonNumber = (await invoiceOfOrder(t, supplier, soon))!.number;
    const lateNumber = (await invoiceOfOrder(t, supplier, late))!.number;
    expect(reminders.map((m) => [m.kind, m.payload.facts[0]![1]]).sort()).toEqual(
      [
        ['trade.invoice_due_soon', soonNumber],
        ['trade.invoice_overdue', lateNumber],
      ].sort(),
    );
    const [{ n }] = (
      (await t.database.db.execute(sql`select count(*)::int as n from invoice_reminders`)) as unknown as {
        rows: Array<{ n: number }>;
      }
    ).rows as [{ n: number }];
    expect(n).toBeGreaterThanOrEqual(2);
  });
});
