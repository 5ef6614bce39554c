import type { Invoice } from '@bulkwise/contracts';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/use-test-app';
import { makeUser, moveOrder, supplierWithProduct } from '../../../test/factories';
import { buy, call, grantNet, pdfText } from '../../../test/trade';
import type { AuthUser } from '../auth/tokens';

// Issue #25: an invoice is an immutable snapshot of the seller's names, billing address and tax id too.
const t = useTestApp();

const ACME = {
  legalName: 'Acme Fasteners Ltd',
  billingAddress: '2 Mill Lane\nLeeds LS1 4AB',
  taxId: 'GB987654321',
};
const RENAMED = { legalName: 'Acme Group plc', billingAddress: '9 New Street, York', taxId: 'GB111222333' };

async function setDetails(supplier: AuthUser, business: object) {
  const res = await call(t, supplier, 'PUT', '/api/settings', { business });
  expect(res.statusCode).toBe(200);
}

async function seller(name: string) {
  return supplierWithProduct(t, { price: 10, minSellingQuantity: 1, mainQuantity: 1000 }, name);
}

/** An order the supplier moves (`ship` on net terms, `confirm` on prepay); answers its invoice. */
async function invoicedOrder(buyer: AuthUser, supplier: AuthUser, productId: string, move: string) {
  const bought = await buy(t, buyer, productId, 5);
  expect(bought.statusCode).toBe(200);
  const orderId = bought.json<{ cartItemId: string }>().cartItemId;
  expect((await moveOrder(t, supplier, orderId, move)).statusCode).toBe(200);
  const page = (await call(t, buyer, 'GET', '/api/invoices?as=buyer&limit=100')).json<{ items: Invoice[] }>();
  return { orderId, invoice: page.items.find((i) => i.orderId === orderId)! };
}

const getInvoice = async (user: AuthUser, id: string) =>
  (await call(t, user, 'GET', `/api/invoices/${id}`)).json<Invoice>();
const pdfOf = async (user: AuthUser, id: string) =>
  pdfText((await call(t, user, 'GET', `/api/invoices/${id}.pdf`)).rawPayload);

describe("the seller's business details on invoices and credit notes", () => {
  it('are copied at issue, shown in the view and the PDF, and never change afterwards', async () => {
    const { supplier, product, supplierId } = await seller('details-supplier');
    const buyer = makeUser('details-buyer');
    await setDetails(supplier, ACME);
    await grantNet(t, supplier, buyer, supplierId, 10_000);

    const { invoice } = await invoicedOrder(buyer, supplier, product._id, 'ship');
    expect(invoice.snapshot.seller).toEqual({
      id: supplierId,
      name: supplier.name,
      email: supplier.email,
      ...ACME,
    });
    const pdf = await pdfOf(buyer, invoice._id);
    for (const line of ['Acme Fasteners Ltd', '2 Mill Lane', 'Leeds LS1 4AB', 'Tax id: GB987654321'])
      expect(pdf).toContain(line);

    // The supplier changes its details: the issued invoice, its view and its PDF stay as issued.
    await setDetails(supplier, RENAMED);
    expect((await getInvoice(buyer, invoice._id)).snapshot).toEqual(invoice.snapshot);
    expect((await getInvoice(supplier, invoice._id)).snapshot.seller).toMatchObject(ACME);
    expect(await pdfOf(supplier, invoice._id)).toBe(pdf);
    expect(pdf).not.toContain('Acme Group plc');

    // The next invoice carries the new details.
    const next = await invoicedOrder(buyer, supplier, product._id, 'ship');
    expect(next.invoice.snapshot.seller).toMatchObject(RENAMED);
    expect(await pdfOf(buyer, next.invoice._id)).toContain('Tax id: GB111222333');
  });

  it('a credit note keeps the details of its own issue, the invoice those of its own', async () => {
    const { supplier, product } = await seller('credit-supplier');
    const buyer = makeUser('credit-buyer');
    await setDetails(supplier, ACME);
    // Prepay: the invoice is issued on confirm, and a confirmed order can still be cancelled.
    const { orderId, invoice } = await invoicedOrder(buyer, supplier, product._id, 'confirm');
    await setDetails(supplier, RENAMED);
    const cancel = await moveOrder(t, supplier, orderId, 'cancel', { reason: 'Out of stock' });
    expect(cancel.statusCode).toBe(200);

    const voided = await getInvoice(buyer, invoice._id);
    expect(voided.status).toBe('void');
    expect(voided.snapshot.seller).toMatchObject(ACME);
    expect(voided.creditNote?.seller).toMatchObject(RENAMED);
    const pdf = await pdfOf(buyer, invoice._id);
    expect(pdf).toContain('Acme Fasteners Ltd');
    expect(pdf).toMatch(/Credit note .+ \(void\)/);
    expect(pdf).toContain('Issued by:');
    expect(pdf).toContain('Acme Group plc');
    await setDetails(supplier, { legalName: 'Third Name Ltd' });
    expect(await pdfOf(buyer, invoice._id)).toBe(pdf);
  });

  it('are null when the supplier never set them, and the PDF prints no empty lines for them', async () => {
    const { supplier, product } = await seller('plain-supplier');
    const buyer = makeUser('plain-buyer');
    const { invoice } = await invoicedOrder(buyer, supplier, product._id, 'confirm');
    expect(invoice.snapshot.seller).toMatchObject({ legalName: null, billingAddress: null, taxId: null });
    const pdf = await pdfOf(buyer, invoice._id);
    expect(pdf).toContain(supplier.name);
    expect(pdf).not.toContain('Tax id');
  });

  it("head the account statement with the seller's legal name and the buyer's company, as the invoices name them", async () => {
    const { supplier, product, supplierId } = await seller('statement-supplier');
    const buyer = makeUser('statement-buyer');
    const account = await grantNet(t, supplier, buyer, supplierId, 10_000);
    const statementOf = async (user: AuthUser) =>
      pdfText((await call(t, user, 'GET', `/api/trade-accounts/${account._id}/statement.pdf`)).rawPayload);
    // Not set yet: the display name, as an invoice issued now would show it.
    expect(await statementOf(buyer)).toContain(`${supplier.name} to Harbour Traders Ltd, as of`);

    await setDetails(supplier, ACME);
    const { invoice } = await invoicedOrder(buyer, supplier, product._id, 'ship');
    expect(invoice.snapshot.seller.legalName).toBe(ACME.legalName);
    expect(invoice.snapshot.buyer.companyName).toBe('Harbour Traders Ltd');
    for (const user of [buyer, supplier]) {
      const text = await statementOf(user);
      expect(text).toContain(`${ACME.legalName} to Harbour Traders Ltd, as of`);
      expect(text).toContain(invoice.number);
      expect(text).not.toContain(supplier.name);
    }
  });
});
