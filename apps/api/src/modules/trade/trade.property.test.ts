import type { Invoice, TradeAccount } from '@bulkwise/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/use-test-app';
import { makeUser, moveOrder, supplierWithProduct } from '../../../test/factories';
import { buy, call, invoicesOf, pay, requestTerms, setTerms } from '../../../test/trade';

const t = useTestApp();

const step = fc.oneof(
  fc.record({ op: fc.constant('order' as const), quantity: fc.integer({ min: 1, max: 30 }) }),
  fc.record({ op: fc.constantFrom('confirm' as const, 'ship' as const, 'cancel' as const), i: fc.nat(20) }),
  fc.record({
    op: fc.constant('pay' as const),
    i: fc.nat(20),
    part: fc.double({ min: 0.01, max: 1, noNaN: true }),
  }),
  fc.record({ op: fc.constant('overpay' as const), i: fc.nat(20) }),
);

interface ModelOrder {
  id: string;
  totalCents: number;
  cancelled: boolean;
  paidCents: number;
}

describe('balances under any sequence of orders, payments and cancellations', () => {
  it('balance = total - payments - credits, outstanding agrees, and no invoice changes after issue', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 99_999 }),
        fc.boolean(),
        fc.array(step, { minLength: 3, maxLength: 12 }),
        async (priceCents, net, steps) => {
          const { supplier, product } = await supplierWithProduct(t, {
            price: priceCents / 100,
            minSellingQuantity: 1,
            mainQuantity: 1_000_000,
          });
          const buyer = makeUser('buyer');
          const account = await requestTerms(t, buyer, supplier.uid);
          await setTerms(
            t,
            supplier,
            account._id,
            net ? { terms: 'net', netDays: 7, creditLimit: 10_000_000 } : { terms: 'prepay', creditLimit: 0 },
          );
          const orders: ModelOrder[] = [];
          const issued = new Map<
            string,
            Omit<Invoice, 'status' | 'paid' | 'credited' | 'balance' | 'payments' | 'creditNote'>
          >();
          const invoiceOf = async (o: ModelOrder) =>
            (await invoicesOf(t, supplier, 'supplier')).find((i) => i.orderId === o.id);

          for (const s of steps) {
            const o = s.op === 'order' ? undefined : orders[s.i % Math.max(orders.length, 1)];
            if (s.op === 'order') {
              const res = await buy(t, buyer, product._id, s.quantity);
              expect(res.statusCode).toBe(200);
              orders.push({
                id: res.json<{ cartItemId: string }>().cartItemId,
                totalCents: priceCents * s.quantity,
                cancelled: false,
                paidCents: 0,
              });
            } else if (!o) {
              continue;
            } else if (s.op === 'pay' || s.op === 'overpay') {
              const invoice = await invoiceOf(o);
              if (!invoice) continue;
              const balance = Math.round(invoice.balance * 100);
              const amount = s.op === 'overpay' ? balance + 1 : Math.max(1, Math.round(balance * s.part));
              const res = await pay(t, supplier, invoice._id, amount / 100);
              if (s.op === 'overpay' || balance === 0) expect(res.statusCode).toBe(409);
              else {
                expect(res.statusCode).toBe(200);
                o.paidCents += amount;
              }
            } else {
              const res = await moveOrder(
                t,
                supplier,
                o.id,
                s.op,
                s.op === 'cancel' ? { reason: 'Property test' } : undefined,
              );
              if (res.statusCode === 200 && s.op === 'cancel') o.cancelled = true;
            }
            for (const inv of await invoicesOf(t, supplier, 'supplier')) {
              const {
                status: _s,
                paid: _p,
                credited: _c,
                balance: _b,
                payments: _pm,
                creditNote: _cn,
                ...fixed
              } = inv;
              if (!issued.has(inv._id)) issued.set(inv._id, fixed);
              expect(fixed).toEqual(issued.get(inv._id));
            }
          }

          const invoices = await invoicesOf(t, supplier, 'supplier');
          for (const inv of invoices) {
            const paid = inv.payments.reduce((sum, p) => sum + Math.round(p.amount * 100), 0);
            const credit = inv.creditNote ? Math.round(inv.creditNote.amount * 100) : 0;
            expect(Math.round(inv.balance * 100)).toBe(Math.round(inv.total * 100) - paid - credit);
            const order = orders.find((x) => x.id === inv.orderId)!;
            expect(Math.round(inv.total * 100)).toBe(order.totalCents);
            expect(paid).toBe(order.paidCents);
            if (order.cancelled) expect(inv).toMatchObject({ status: 'void', balance: 0 });
          }
          const outstanding = orders
            .filter((x) => !x.cancelled)
            .reduce((sum, x) => sum + x.totalCents - x.paidCents, 0);
          const now = (
            await call(t, buyer, 'GET', `/api/trade-accounts/${account._id}`)
          ).json<TradeAccount>();
          expect(Math.round(now.outstanding * 100)).toBe(outstanding);
        },
      ),
      { numRuns: 12 },
    );
  });
});
