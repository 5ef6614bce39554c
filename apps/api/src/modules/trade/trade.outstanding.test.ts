import type { TradeAccount } from '@bulkwise/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/use-test-app';
import { type makeUser, moveOrder } from '../../../test/factories';
import { buy, call, invoiceOfOrder, pay, requestTerms, setTerms, tradingPair } from '../../../test/trade';

// Outstanding counts what is still open (migration 0025): open invoice balances + unshipped orders
// without an invoice. Each order is counted once whichever way it went, and old history costs nothing.
const t = useTestApp();

const pair = () => tradingPair(t, { label: 'owed' });

const accountOf = async (user: ReturnType<typeof makeUser>, id: string) =>
  (await call(t, user, 'GET', `/api/trade-accounts/${id}`)).json<TradeAccount>();

describe('outstanding on an account', () => {
  it('counts an order once: unshipped without invoice, or its invoice balance, and nothing once paid or cancelled', async () => {
    const { supplier, buyer, product, supplierId } = await pair();
    // On prepay: confirmed (so invoiced, unpaid), and one placed and then cancelled.
    const confirmed = (await buy(t, buyer, product._id, 10)).json<{ cartItemId: string }>().cartItemId;
    expect((await moveOrder(t, supplier, confirmed, 'confirm')).statusCode).toBe(200);
    const cancelled = (await buy(t, buyer, product._id, 7)).json<{ cartItemId: string }>().cartItemId;
    expect((await moveOrder(t, supplier, cancelled, 'cancel', { reason: 'No' })).statusCode).toBe(200);
    const account = await requestTerms(t, buyer, supplierId);
    await setTerms(t, supplier, account._id, { terms: 'net', netDays: 30, creditLimit: 250 });
    // Net: one placed (not invoiced) and one shipped (invoiced).
    expect((await buy(t, buyer, product._id, 5)).statusCode).toBe(200);
    const shipped = (await buy(t, buyer, product._id, 3)).json<{ cartItemId: string }>().cartItemId;
    expect((await moveOrder(t, supplier, shipped, 'ship')).statusCode).toBe(200);
    // 100 (confirmed prepay invoice) + 50 (placed) + 30 (shipped net invoice); the cancelled one is out.
    expect(await accountOf(buyer, account._id)).toMatchObject({ outstanding: 180, available: 70 });
    const refused = await buy(t, buyer, product._id, 8);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'CREDIT_LIMIT', available: 70 });
    expect((await buy(t, buyer, product._id, 7)).statusCode).toBe(200);
    expect(await accountOf(supplier, account._id)).toMatchObject({ outstanding: 250, available: 0 });
    // The prepay invoice paid: it no longer counts.
    const invoice = (await invoiceOfOrder(t, supplier, confirmed))!;
    expect((await pay(t, supplier, invoice._id, 100)).statusCode).toBe(200);
    expect(await accountOf(buyer, account._id)).toMatchObject({ outstanding: 150, available: 100 });
  });

  it('no longer counts an order shipped before trade accounts existed, which is never invoiced', async () => {
    const { supplier, buyer, product, supplierId } = await pair();
    const old = (await buy(t, buyer, product._id, 20)).json<{ cartItemId: string }>().cartItemId;
    const account = await requestTerms(t, buyer, supplierId);
    await setTerms(t, supplier, account._id, { terms: 'net', netDays: 30, creditLimit: 100 });
    // As an order delivered before migration 0022 looks: delivered, with no invoice.
    await t.database.db.execute(sql`update cart_items set status = 'delivered' where id = ${old}::uuid`);
    expect(await accountOf(buyer, account._id)).toMatchObject({ outstanding: 0, available: 100 });
    expect((await buy(t, buyer, product._id, 10)).statusCode).toBe(200);
  });
});
