import type { Quote } from '@bulkwise/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signedInUser } from '@/test/fake-auth';
import { apiError, json, mockApi } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';

const now = '2030-03-01T12:00:00.000Z';

/** A version pricing the 5000 Cartons and 1000 Tape at these unit prices, with its line and grand totals. */
function version(
  number: number,
  by: 'buyer' | 'supplier',
  [cartons, tape]: [number, number],
  validUntil: string | null,
): Quote['versions'][number] {
  const lines = [
    { productId: 'p1', quantity: 5000, unitPrice: cartons, total: Math.round(cartons * 5000) },
    { productId: 'p2', quantity: 1000, unitPrice: tape, total: Math.round(tape * 1000) },
  ];
  return { number, by, lines, total: lines[0]!.total + lines[1]!.total, validUntil, note: null, at: now };
}
const quote: Quote = {
  _id: 'q1',
  status: 'offered',
  supplier: { id: 's1', name: 'Sam Supplier' },
  buyer: { name: 'Bea Buyer', email: 'bea@example.com' },
  lines: [
    { productId: 'p1', name: 'Cartons', image: '/x.jpg', quantity: 5000, targetUnitPrice: 1.5 },
    { productId: 'p2', name: 'Tape', image: '/y.jpg', quantity: 1000, targetUnitPrice: null },
  ],
  versions: [
    version(1, 'supplier', [1.8, 2.7], '2030-03-03T15:00:00.000Z'),
    version(2, 'buyer', [1.6, 2.5], null),
    version(3, 'supplier', [1.7, 2.6], '2030-03-03T15:00:00.000Z'),
  ],
  currentVersion: 3,
  turn: 'buyer',
  you: 'buyer',
  validUntil: '2030-03-03T15:00:00.000Z',
  neededBy: '2030-04-01',
  shipping: { address: '1 Dock Rd, Leeds', phone: '+44 113 496 0000' },
  note: null,
  declinedBy: null,
  declineReason: null,
  orderIds: [],
  createdAt: now,
  lastActivityAt: now,
  now,
};
const hostile = '<img src=x onerror=alert(1)> \u202Eevil';

describe('Quote page', () => {
  it('shows every version side by side, the time left, the next action, and the thread as text', async () => {
    const accepted: Quote = { ...quote, status: 'accepted', turn: null, orderIds: ['o1', 'o2'] };
    let current = quote;
    const { apiCalls } = mockApi({
      'GET /api/quotes/q1': () => json(current),
      'GET /api/quotes/q1/messages': () =>
        json({ you: 'buyer', messages: [{ _id: '1', from: 'supplier', text: hostile, at: now }] }),
      'POST /api/quotes/q1/accept': () => {
        current = accepted;
        return json(accepted);
      },
    });
    renderApp('/quotes/q1', { user: signedInUser });
    const table = await screen.findByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Product', 'Requested', 'v1 · Offer', 'v2 · Counter', 'v3 · Offercurrent']);
    expect(within(table).getByRole('row', { name: /Cartons/ })).toHaveTextContent('5000 × $1.70');
    expect(screen.getByTestId('quote-time-left')).toHaveTextContent(/^2 days 2 h left$/);
    // The message is text: no image element was made from it.
    const thread = await screen.findByTestId('thread-messages');
    expect(thread).toHaveTextContent('<img src=x onerror=alert(1)>');
    expect(thread.querySelector('img')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Accept offer v3' }));
    await waitFor(() => expect(screen.getByTestId('quote-status')).toHaveTextContent('Accepted'), {
      timeout: 10_000,
    });
    expect(apiCalls().find((c) => c.url.pathname.endsWith('/accept'))?.body).toEqual({ version: 3 });
    expect(screen.getByText(/2 orders were placed at the quoted prices/)).toBeInTheDocument();
    // Two queries, a thread and a move on a loaded machine: more than the default 5 s.
  }, 20_000);

  it('says so when the quote is not the user’s', async () => {
    mockApi({ 'GET /api/quotes/q1': () => apiError(404, 'NOT_FOUND', 'Quote not found') });
    renderApp('/quotes/q1', { user: signedInUser });
    expect(await screen.findByRole('heading', { name: 'Quote Not Found' })).toBeInTheDocument();
  });

  it('offers Try Again when loading fails', async () => {
    mockApi({ 'GET /api/quotes/q1': () => apiError(500, 'INTERNAL', 'down') });
    renderApp('/quotes/q1', { user: signedInUser });
    expect(await screen.findByRole('button', { name: 'Try Again' }, { timeout: 10_000 })).toBeInTheDocument();
  });
});
