import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ORDERS_LOAD_FAILED } from '@/features/orders/components/orders-desk';
import { MOVE_FAILED_TITLE } from '@/features/orders/use-order-actions';
import { errorDialog, formDialog } from '@/lib/dialogs';
import { signedInUser } from '@/test/fake-auth';
import { apiError, json, mockApi } from '@/test/mock-api';
import { cartItem } from '@/test/products';
import { renderApp } from '@/test/render-app';

vi.mock('@/lib/dialogs', () => import('@/test/dialogs-mock'));

const summary = { placed: 2, confirmed: 1, shipped: 0, delivered: 4, cancelled: 0 };
const placed = cartItem(
  {
    _id: 'o1',
    quantity: 3,
    buyer: { name: 'Bea Buyer', email: 'bea@example.com', emailVerified: true },
    shipping: { address: '1 Dock Rd, Leeds', phone: '+44 113 496 0000' },
  },
  { name: 'Copper wire', price: 19.99 },
);

describe('Orders page (the supplier desk)', () => {
  beforeEach(() => {
    vi.mocked(errorDialog).mockClear();
    vi.mocked(formDialog).mockReset().mockResolvedValue(null);
  });

  it('shows the tabs with their counts, the badge, and each order with buyer, line, shipping and next action', async () => {
    const { apiCalls } = mockApi({
      'GET /api/orders/summary': () => json(summary),
      'GET /api/orders': () => json([placed], 200, { 'x-total-count': '1' }),
    });
    renderApp('/orders', { user: signedInUser });
    const card = within(await screen.findByRole('article', { name: 'Copper wire' }));
    expect(document.title).toBe('Orders | Bulkwise');
    expect(apiCalls()[0]?.url.searchParams.get('status')).toBe('placed');
    expect(card.getByTestId('order-line')).toHaveTextContent('3 × $19.99 = $59.97');
    expect(card.getByText('Bea Buyer')).toBeInTheDocument();
    expect(card.getByText('(bea@example.com)')).toBeInTheDocument();
    expect(card.queryByText('Unverified email')).not.toBeInTheDocument();
    expect(card.getByText('1 Dock Rd, Leeds')).toBeInTheDocument();
    expect(card.getByText('+44 113 496 0000')).toBeInTheDocument();
    expect(card.getByTestId('order-status')).toHaveTextContent('Placed');
    expect(card.getByRole('button', { name: /^Confirm/ })).toBeInTheDocument();
    expect(card.getByRole('button', { name: /^Mark shipped/ })).toBeInTheDocument();
    expect(card.getByRole('button', { name: /^Cancel order/ })).toBeInTheDocument();
    expect(card.queryByRole('button', { name: /^Mark delivered/ })).not.toBeInTheDocument();
    const tabs = screen.getByRole('tablist', { name: 'Orders by status' });
    await waitFor(() =>
      expect(within(tabs).getByRole('tab', { name: 'Placed 2' })).toHaveAttribute('aria-selected', 'true'),
    );
    expect(within(tabs).getByRole('tab', { name: 'All 7' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('navigation', { name: 'Main' })).getByTestId('orders-badge'),
    ).toHaveTextContent('2');
  }, 15_000);

  it('ships with the carrier and tracking asked in a dialog, and shows the server refusal', async () => {
    vi.mocked(formDialog).mockResolvedValue({ carrier: 'DHL', trackingNumber: 'JD0001' });
    const { apiCalls } = mockApi({
      'GET /api/orders': () => json([placed]),
      'POST /api/orders/o1/ship': () =>
        json({ ...placed, status: 'shipped', carrier: 'DHL', trackingNumber: 'JD0001' }),
      'POST /api/orders/o1/confirm': () =>
        apiError(409, 'CONFLICT', 'This order is cancelled: that change is not possible now'),
    });
    renderApp('/orders', { user: signedInUser });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Mark shipped/ }));
    await waitFor(() => expect(apiCalls().some((c) => c.method === 'POST')).toBe(true));
    const ship = apiCalls().find((c) => c.method === 'POST')!;
    expect(ship.url.pathname).toBe('/api/orders/o1/ship');
    expect(ship.body).toEqual({ carrier: 'DHL', trackingNumber: 'JD0001' });

    await user.click(screen.getByRole('button', { name: /^Confirm/ }));
    await waitFor(() =>
      expect(errorDialog).toHaveBeenCalledWith(
        MOVE_FAILED_TITLE,
        'This order is cancelled: that change is not possible now',
      ),
    );
  });

  it('asks the supplier for a required reason before cancelling, and sends nothing when backed out', async () => {
    const { apiCalls } = mockApi({ 'GET /api/orders': () => json([placed]) });
    renderApp('/orders', { user: signedInUser });
    await userEvent.setup().click(await screen.findByRole('button', { name: /^Cancel order/ }));
    await waitFor(() => expect(formDialog).toHaveBeenCalled());
    expect(vi.mocked(formDialog).mock.calls[0]?.[0].fields[0]).toMatchObject({
      name: 'reason',
      required: true,
    });
    expect(apiCalls().filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('has an empty state per tab and an error state with Try Again', async () => {
    mockApi({ 'GET /api/orders': () => json([]) });
    renderApp('/orders?status=shipped', { user: signedInUser });
    expect(await screen.findByRole('heading', { name: 'No Shipped Orders' })).toBeInTheDocument();

    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi({ 'GET /api/orders': () => apiError(500, 'INTERNAL', 'down') });
    renderApp('/orders', { user: signedInUser });
    expect(await screen.findByRole('alert')).toHaveTextContent(ORDERS_LOAD_FAILED);
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
    // Two whole-app renders: 5 s was too short on a loaded 2-core machine.
  }, 15_000);

  it('marks a buyer whose email address is not verified', async () => {
    const unverified = { ...placed, buyer: { ...placed.buyer, emailVerified: false } };
    mockApi({
      'GET /api/orders/summary': () => json(summary),
      'GET /api/orders': () => json([unverified], 200, { 'x-total-count': '1' }),
    });
    renderApp('/orders', { user: signedInUser });
    const card = within(await screen.findByRole('article', { name: 'Copper wire' }));
    expect(card.getByText('Unverified email')).toBeInTheDocument();
  });
});
