import type { Invoice, TradeAccount } from '@bulkwise/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNTS_LOAD_FAILED } from '@/features/trade/components/account-list';
import { INVOICES_LOAD_FAILED } from '@/features/trade/components/invoice-list';
import { formDialog, successDialog } from '@/lib/dialogs';
import { signedInUser } from '@/test/fake-auth';
import { apiError, json, mockApi } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';

vi.mock('@/lib/dialogs', () => import('@/test/dialogs-mock'));

const account: TradeAccount = {
  _id: 'a1',
  supplierId: 'sup-1',
  supplierName: 'Fastenco',
  buyer: { name: 'Bea Buyer', email: 'bea@example.com' },
  terms: 'net',
  netDays: 30,
  creditLimit: 1000,
  outstanding: 250,
  available: 750,
  status: 'requested',
  companyName: 'Harbour Traders',
  taxId: 'GB1',
  billingAddress: '1 Quay St',
  note: null,
  aging: { current: 250, days31to60: 0, days61to90: 0, over90: 0 },
  history: [{ action: 'requested', by: 'buyer', reason: 'Net 30 please', at: '2026-11-01T10:00:00.000Z' }],
};

const invoice: Invoice = {
  _id: 'i1',
  number: 'ABC123-2026-000001',
  orderId: 'o1',
  accountId: 'a1',
  status: 'partially_paid',
  total: 250,
  paid: 100,
  credited: 0,
  balance: 150,
  issuedOn: '2026-11-01',
  dueOn: '2026-12-01',
  snapshot: {
    number: 'ABC123-2026-000001',
    seller: {
      id: 'sup-1',
      name: 'Fastenco',
      email: 's@example.com',
      legalName: 'Fastenco Trading Ltd',
      billingAddress: '2 Mill Lane\nLeeds LS1 4AB',
      taxId: 'GB123456789',
    },
    buyer: {
      name: 'Bea Buyer',
      email: 'bea@example.com',
      companyName: 'Harbour Traders',
      billingAddress: '1 Quay St',
      taxId: 'GB1',
    },
    line: { productId: 'p1', name: 'Copper wire', sku: null, quantity: 10, unitPrice: 25, total: 250 },
    total: 250,
    terms: 'net',
    netDays: 30,
    issuedOn: '2026-11-01',
    dueOn: '2026-12-01',
    poNumber: 'PO-9',
    orderId: 'o1',
  },
  creditNote: null,
  payments: [{ _id: 'pay1', amount: 100, paidOn: '2026-11-10', method: 'Bank transfer', reference: null }],
};

describe('billing pages', () => {
  beforeEach(() => {
    vi.mocked(formDialog).mockReset().mockResolvedValue(null);
    vi.mocked(successDialog).mockClear();
  });

  it('the buyer sees terms per supplier with available credit, and invoices with amounts due', async () => {
    mockApi({
      'GET /api/trade-accounts': () => json([account]),
      'GET /api/invoices': () => json({ items: [invoice], nextCursor: null }),
    });
    renderApp('/invoices', { user: signedInUser });
    const card = within(await screen.findByRole('article', { name: 'Fastenco' }));
    expect(document.title).toBe('Invoices | Bulkwise');
    expect(card.getByText('Net 30 days')).toBeInTheDocument();
    expect(card.getByText('$750.00')).toBeInTheDocument();
    const inv = within(await screen.findByRole('article', { name: 'Invoice ABC123-2026-000001' }));
    expect(inv.getByTestId('invoice-status')).toHaveTextContent('Partially paid');
    expect(inv.getByTestId('invoice-balance')).toHaveTextContent('$150.00');
    expect(inv.getByRole('button', { name: /^Send remittance advice/ })).toBeInTheDocument();
    expect(inv.queryByRole('button', { name: /^Record payment/ })).not.toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');
    // The seller's details as the invoice was issued with them, one disclosure away.
    expect(inv.getByText(/^From/)).toHaveTextContent('From Fastenco Trading Ltd');
    const details = inv.getByText(/^Seller and billing details/).closest('details')!;
    expect(details).not.toHaveAttribute('open');
    await userEvent.setup().click(inv.getByText(/^Seller and billing details/));
    expect(details).toHaveAttribute('open');
    const seller = within(inv.getByText('Seller').parentElement!);
    expect(seller.getByText('Fastenco Trading Ltd')).toBeVisible();
    expect(seller.getByText(/^2 Mill Lane/)).toHaveTextContent('2 Mill Lane Leeds LS1 4AB');
    expect(seller.getByText('Tax id: GB123456789')).toBeInTheDocument();
    const billTo = within(inv.getByText('Bill to').parentElement!);
    expect(billTo.getByText('Harbour Traders')).toBeInTheDocument();
    expect(billTo.getByText('Tax id: GB1')).toBeInTheDocument();
  });

  it('empty and error states: no accounts yet, and Try Again when invoices fail to load', async () => {
    mockApi({
      'GET /api/trade-accounts': () => json([]),
      'GET /api/invoices': () => apiError(500, 'INTERNAL', 'Internal server error'),
    });
    renderApp('/invoices', { user: signedInUser });
    expect(await screen.findByText('No Trade Accounts Yet')).toBeInTheDocument();
    expect(await screen.findByText(INVOICES_LOAD_FAILED)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });

  it('the supplier sets net terms from Trade accounts, sending the numbers typed', async () => {
    const { apiCalls } = mockApi({
      'GET /api/trade-accounts': () => json([account]),
      'PUT /api/trade-accounts/a1/terms': () => json({ ...account, status: 'active' }),
    });
    vi.mocked(formDialog).mockResolvedValue({ netDays: '60', creditLimit: '2,500' });
    renderApp('/accounts', { user: signedInUser });
    const card = within(await screen.findByRole('article', { name: 'Harbour Traders' }));
    expect(card.getByTestId('account-status')).toHaveTextContent('Terms requested');
    await userEvent.click(card.getByRole('button', { name: /^Set terms/ }));
    await waitFor(() => expect(apiCalls().some((c) => c.method === 'PUT')).toBe(true));
    const put = apiCalls().find((c) => c.method === 'PUT')!;
    expect(put.body).toEqual({ terms: 'net', netDays: 60, creditLimit: 2500 });
    expect(successDialog).toHaveBeenCalledWith('Account updated');
  });

  it('the supplier records a payment on an invoice issued, with an Idempotency-Key', async () => {
    const { apiCalls } = mockApi({
      'GET /api/invoices': () => json({ items: [invoice], nextCursor: null }),
      'POST /api/invoices/i1/payments': () => json({ ...invoice, status: 'paid', paid: 250, balance: 0 }),
    });
    vi.mocked(formDialog).mockResolvedValue({
      amount: '150',
      paidOn: '2026-11-20',
      method: 'Cash',
      reference: '',
    });
    renderApp('/supplier-invoices', { user: signedInUser });
    const inv = within(await screen.findByRole('article', { name: 'Invoice ABC123-2026-000001' }));
    await userEvent.click(inv.getByRole('button', { name: /^Record payment/ }));
    await waitFor(() => expect(apiCalls().some((c) => c.method === 'POST')).toBe(true));
    const post = apiCalls().find((c) => c.method === 'POST')!;
    expect(post.body).toEqual({ amount: 150, paidOn: '2026-11-20', method: 'Cash', reference: null });
    expect(post.headers.get('idempotency-key')).toBeTruthy();
  });

  it('Trade accounts shows Try Again when it cannot load', async () => {
    mockApi({ 'GET /api/trade-accounts': () => apiError(500, 'INTERNAL', 'Internal server error') });
    renderApp('/accounts', { user: signedInUser });
    expect(await screen.findByText(ACCOUNTS_LOAD_FAILED)).toBeInTheDocument();
  });
});
