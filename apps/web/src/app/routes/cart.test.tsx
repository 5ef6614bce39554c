import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CART_MESSAGES } from '@/config/messages';
import { formatDateTime } from '@/lib/dates';
import { confirmDialog, errorDialog } from '@/lib/dialogs';
import { signedInUser } from '@/test/fake-auth';
import { apiError, json, mockApi } from '@/test/mock-api';
import { cartItem } from '@/test/products';
import { resetDialogMocks } from '@/test/dialogs-mock';
import { renderApp } from '@/test/render-app';

vi.mock('@/lib/dialogs', () => import('@/test/dialogs-mock'));

const items = [
  cartItem(
    { _id: 'c2', quantity: 3, purchaseDate: '2026-03-05T09:00:00.000Z' },
    { _id: 'p2', name: 'Copper wire', price: 19.99 },
  ),
  cartItem({ _id: 'c1', quantity: 20 }, { _id: 'p1', name: 'Steel bolts M8', price: 2.5 }),
];

describe('My Cart page', () => {
  beforeEach(resetDialogMocks);

  it('lists the purchases in the order the server sends (newest first) with lines and the grand total', async () => {
    const { apiCalls } = mockApi({ 'GET /api/cart': () => json(items) });
    renderApp('/cart', { user: signedInUser });
    const articles = await screen.findAllByRole('article');
    expect(document.title).toBe('My Cart | Bulkwise');
    expect(apiCalls()[0]?.url.searchParams.get('email')).toBe(signedInUser.email);
    expect(articles.map((a) => a.getAttribute('aria-labelledby'))).toEqual(['cart-item-c2', 'cart-item-c1']);

    const wire = within(screen.getByRole('article', { name: 'Copper wire' }));
    expect(wire.getByText('3 units')).toBeInTheDocument();
    expect(wire.getByText('$19.99')).toBeInTheDocument();
    expect(wire.getByTestId('cart-item-total')).toHaveTextContent('$59.97');
    expect(wire.getByText(formatDateTime('2026-03-05T09:00:00.000Z'))).toBeInTheDocument();
    expect(wire.getByText('Fastenco')).toBeInTheDocument();

    const bolts = within(screen.getByRole('article', { name: 'Steel bolts M8' }));
    expect(bolts.getByTestId('cart-item-total')).toHaveTextContent('$50.00');
    expect(screen.getByTestId('cart-grand-total')).toHaveTextContent('$109.97');
  });

  it('tells a buyer whose address is unverified, with the way to Settings, and says nothing once verified', async () => {
    const unverified = items.map((item) => ({ ...item, buyer: { ...item.buyer, emailVerified: false } }));
    mockApi({ 'GET /api/cart': () => json(unverified) });
    renderApp('/cart', { user: signedInUser });
    const note = await screen.findByRole('note');
    expect(note).toHaveTextContent('Your email address is not verified');
    expect(within(note).getByRole('link', { name: 'Verify it in Settings' })).toHaveAttribute(
      'href',
      '/settings',
    );
  });

  it('shows no note when the address is verified', async () => {
    mockApi({ 'GET /api/cart': () => json(items) });
    renderApp('/cart', { user: signedInUser });
    await screen.findAllByRole('article');
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });

  it('removes an item after a confirmation that promises the stock back, sending productId and quantity', async () => {
    let current = items;
    const { apiCalls } = mockApi({
      'GET /api/cart': () => json(current),
      'DELETE /api/cart/c1': () => {
        current = items.slice(0, 1);
        return json({ removed: true, restoredQuantity: 20, updatedQuantity: 520 });
      },
    });
    renderApp('/cart', { user: signedInUser });
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: 'Remove Steel bolts M8 from cart' }));

    expect(vi.mocked(confirmDialog).mock.calls[0]?.[0].text).toMatch(/restored to the product's stock/);
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Steel bolts M8' })).not.toBeInTheDocument(),
    );
    const del = apiCalls().find((c) => c.method === 'DELETE');
    expect(del?.body).toEqual({ productId: 'p1', quantity: 20 });
    expect(screen.getByTestId('cart-grand-total')).toHaveTextContent('$59.97');
  });

  it("shows the server's error when removal fails, or the fallback", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let answer = () => apiError(404, 'NOT_FOUND', 'Cart item not found');
    mockApi({ 'GET /api/cart': () => json(items), 'DELETE /api/cart/c1': () => answer() });
    renderApp('/cart', { user: signedInUser });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Remove Steel bolts M8 from cart' }));
    await waitFor(() => expect(errorDialog).toHaveBeenCalledWith(expect.any(String), 'Cart item not found'));

    answer = () => new Response('', { status: 502 });
    await user.click(screen.getByRole('button', { name: 'Remove Steel bolts M8 from cart' }));
    await waitFor(() =>
      expect(errorDialog).toHaveBeenLastCalledWith(expect.any(String), CART_MESSAGES.removeFailed),
    );
    expect(screen.getByRole('article', { name: 'Steel bolts M8' })).toBeInTheDocument();
  });

  it('shows the empty cart with Browse Products to the categories', async () => {
    mockApi({ 'GET /api/cart': () => json([]) });
    renderApp('/cart', { user: signedInUser });
    expect(await screen.findByRole('heading', { name: CART_MESSAGES.empty })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse Products' })).toHaveAttribute('href', '/categories');
  });

  it('shows the load error with Try Again', async () => {
    mockApi({ 'GET /api/cart': () => apiError(500, 'INTERNAL', 'down') });
    renderApp('/cart', { user: signedInUser });
    expect(await screen.findByRole('alert')).toHaveTextContent(CART_MESSAGES.loadFailed);
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });

  it('shows where each order stands: tracking and Mark received when shipped, Remove only while placed', async () => {
    const shipped = cartItem(
      { _id: 'c3', status: 'shipped', carrier: 'DHL', trackingNumber: 'JD0001' },
      { _id: 'p3', name: 'Pallet wrap' },
    );
    const confirmed = cartItem({ _id: 'c4', status: 'confirmed' }, { _id: 'p4', name: 'Cable ties' });
    const { apiCalls } = mockApi({
      'GET /api/cart': () => json([shipped, confirmed]),
      'POST /api/orders/c3/deliver': () => json({ ...shipped, status: 'delivered' }),
    });
    renderApp('/cart', { user: signedInUser });
    const wrap = within(await screen.findByRole('article', { name: 'Pallet wrap' }));
    expect(wrap.getByTestId('order-status')).toHaveTextContent('Shipped');
    expect(wrap.getByTestId('order-tracking')).toHaveTextContent('DHL, tracking JD0001');
    expect(wrap.queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
    expect(wrap.getByText('This order is on its way, so it can no longer be removed.')).toBeInTheDocument();
    const ties = within(screen.getByRole('article', { name: 'Cable ties' }));
    expect(
      ties.getByText('The supplier confirmed this order, so it can no longer be removed.'),
    ).toBeInTheDocument();
    expect(ties.queryByRole('button', { name: /^Mark received/ })).not.toBeInTheDocument();

    await userEvent.setup().click(wrap.getByRole('button', { name: /^Mark received/ }));
    await waitFor(() =>
      expect(apiCalls().some((c) => c.url.pathname === '/api/orders/c3/deliver')).toBe(true),
    );
  });

  it('shows cancelled orders on request, with who cancelled and why, outside the totals', async () => {
    const kept = cartItem({ _id: 'c1', quantity: 2 }, { name: 'Steel bolts M8', price: 5 });
    const cancelled = cartItem(
      {
        _id: 'c5',
        status: 'cancelled',
        cancelledBy: 'supplier',
        cancelReason: 'Out of stock at the warehouse',
      },
      { _id: 'p5', name: 'Copper wire', price: 100 },
    );
    const { apiCalls } = mockApi({
      'GET /api/cart': (call) =>
        json(call.url.searchParams.get('status') === 'all' ? [cancelled, kept] : [kept]),
    });
    renderApp('/cart', { user: signedInUser });
    await screen.findByRole('article', { name: 'Steel bolts M8' });
    await userEvent.setup().click(screen.getByRole('checkbox', { name: 'Show cancelled orders' }));
    const wire = within(await screen.findByRole('article', { name: 'Copper wire' }));
    expect(wire.getByTestId('order-cancellation')).toHaveTextContent(
      'Cancelled by the supplier: Out of stock at the warehouse',
    );
    expect(wire.queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
    expect(screen.getByTestId('cart-grand-total')).toHaveTextContent('$10.00');
    expect(apiCalls().at(-1)?.url.searchParams.get('status')).toBe('all');
  });

  it('marks the orders the supplier changed since the buyer last looked, and only those', async () => {
    localStorage.setItem(
      `bulkwise-orders-seen:${signedInUser.email}`,
      JSON.stringify({ c6: 'placed', c7: 'placed' }),
    );
    const shipped = cartItem(
      {
        _id: 'c6',
        status: 'shipped',
        history: [
          { status: 'placed', at: '2026-03-04T10:15:00.000Z', by: 'buyer' },
          { status: 'shipped', at: '2026-03-05T10:15:00.000Z', by: 'supplier' },
        ],
      },
      { _id: 'p6', name: 'Pallet wrap' },
    );
    const same = cartItem({ _id: 'c7' }, { _id: 'p7', name: 'Cable ties' });
    mockApi({ 'GET /api/cart': () => json([shipped, same]) });
    renderApp('/cart', { user: signedInUser });
    const wrap = within(await screen.findByRole('article', { name: 'Pallet wrap' }));
    expect(await wrap.findByTestId('order-changed')).toHaveTextContent('Updated since your last visit');
    expect(
      within(screen.getByRole('article', { name: 'Cable ties' })).queryByTestId('order-changed'),
    ).not.toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(`bulkwise-orders-seen:${signedInUser.email}`)!)).toEqual({
      c6: 'shipped',
      c7: 'placed',
    });
  });
});
