import { PURCHASE_MESSAGES } from '@bulkwise/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { confirmDialog, errorDialog, successDialog } from '@/lib/dialogs';
import { apiError, inTurn, json, mockApi, networkError } from '@/test/mock-api';
import { PurchasePanel } from './purchase-panel';

vi.mock('@/lib/dialogs', () => import('@/test/dialogs-mock'));

const product = {
  _id: 'p-1',
  name: 'Pallet Wrap',
  price: 2.5,
  priceTiers: [],
  mainQuantity: 50,
  minSellingQuantity: 10,
};
const tiered = {
  ...product,
  mainQuantity: 500,
  priceTiers: [
    { minQuantity: 12, price: 2.25 },
    { minQuantity: 100, price: 2 },
  ],
};

function renderPanel(props: Partial<Parameters<typeof PurchasePanel>[0]> = {}) {
  const onPurchased = vi.fn();
  const router = createMemoryRouter(
    [
      {
        path: '/product/:id',
        element: <PurchasePanel product={product} signedIn onPurchased={onPurchased} {...props} />,
      },
      { path: '/login', element: <p>Login page</p> },
    ],
    { initialEntries: ['/product/p-1?from=mail'] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, onPurchased };
}

const PURCHASE = 'POST /api/products/purchase/p-1';

async function fillAndConfirm(user: ReturnType<typeof userEvent.setup>) {
  const dialog = screen.getByRole('dialog', { name: 'Complete Your Purchase' });
  await user.type(within(dialog).getByLabelText('Shipping address'), '12 Harbour Road, Bristol');
  await user.type(within(dialog).getByLabelText('Phone number'), '+44 117 496 0123');
  await user.click(within(dialog).getByRole('button', { name: 'Confirm Purchase' }));
}

describe('PurchasePanel', () => {
  beforeEach(() => {
    vi.mocked(confirmDialog).mockResolvedValue(true);
    vi.mocked(errorDialog).mockResolvedValue('confirm');
  });

  it('asks a visitor to log in, then goes to /login remembering the product', async () => {
    const user = userEvent.setup();
    const { router } = renderPanel({ signedIn: false });
    await user.click(screen.getByRole('button', { name: 'Buy Now' }));
    expect(confirmDialog).toHaveBeenCalledWith(
      expect.objectContaining({
        title: PURCHASE_MESSAGES.authRequiredTitle,
        text: PURCHASE_MESSAGES.authRequiredText,
        confirmText: 'Log In',
        cancelText: 'Cancel',
      }),
    );
    await screen.findByText('Login page');
    expect(router.state.location.state).toEqual({ from: '/product/p-1?from=mail' });
  });

  it('stays on the product when the visitor cancels', async () => {
    vi.mocked(confirmDialog).mockResolvedValue(false);
    const user = userEvent.setup();
    const { router } = renderPanel({ signedIn: false });
    await user.click(screen.getByRole('button', { name: 'Buy Now' }));
    await waitFor(() => expect(confirmDialog).toHaveBeenCalled());
    expect(router.state.location.pathname).toBe('/product/p-1');
  });

  it('checks against fresh stock: over it, Invalid Quantity and the selection drops to the maximum', async () => {
    const user = userEvent.setup();
    renderPanel({ refreshProduct: async () => ({ mainQuantity: 15, minSellingQuantity: 10 }) });
    const input = screen.getByRole('textbox', { name: 'Quantity' });
    await user.clear(input);
    await user.type(input, '40');
    await user.click(screen.getByRole('button', { name: 'Buy Now' }));
    await waitFor(() =>
      expect(errorDialog).toHaveBeenCalledWith(
        PURCHASE_MESSAGES.invalidQuantityTitle,
        PURCHASE_MESSAGES.maximumAvailable(15),
      ),
    );
    expect(input).toHaveValue('15');
    expect(screen.queryByRole('dialog', { name: 'Complete Your Purchase' })).not.toBeInTheDocument();
  });

  it('checks the minimum first', async () => {
    const user = userEvent.setup();
    renderPanel({ refreshProduct: async () => ({ mainQuantity: 5, minSellingQuantity: 20 }) });
    await user.click(screen.getByRole('button', { name: 'Buy Now' }));
    await waitFor(() =>
      expect(errorDialog).toHaveBeenCalledWith(
        PURCHASE_MESSAGES.invalidQuantityTitle,
        PURCHASE_MESSAGES.minimumOrder(20),
      ),
    );
  });

  it('requires an address and a phone number, then buys and resets to the minimum', async () => {
    const { calls } = mockApi({
      [PURCHASE]: () => json({ updatedQuantity: 38, cartItemId: 'c-1', unitPrice: 2.5, total: 30 }),
    });
    const user = userEvent.setup();
    const { onPurchased } = renderPanel();
    await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    await user.click(screen.getByRole('button', { name: 'Buy Now' }));

    const dialog = await screen.findByRole('dialog', { name: 'Complete Your Purchase' });
    expect(within(dialog).getByText(/12 units of/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm Purchase' }));
    expect(await within(dialog).findByText(PURCHASE_MESSAGES.addressRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(PURCHASE_MESSAGES.phoneRequired)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Shipping address')).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toHaveLength(0);

    await fillAndConfirm(user);
    await waitFor(() =>
      expect(onPurchased).toHaveBeenCalledWith({
        updatedQuantity: 38,
        cartItemId: 'c-1',
        unitPrice: 2.5,
        total: 30,
      }),
    );
    const [call] = calls;
    expect(`${call?.method} ${call?.url.pathname}`).toBe(PURCHASE);
    // Only the contract's fields: the buyer is the token's identity.
    expect(call?.body).toEqual({
      quantity: 12,
      address: '12 Harbour Road, Bristol',
      phone: '+44 117 496 0123',
      expectedUnitPrice: 2.5,
    });
    expect(call?.headers.get('idempotency-key')).toBeTruthy();
    expect(successDialog).toHaveBeenCalled();
    expect(screen.getByRole('textbox', { name: 'Quantity' })).toHaveValue('10');
  });

  it("shows the server's refusal as Purchase Failed", async () => {
    mockApi({ [PURCHASE]: () => apiError(403, 'FORBIDDEN', 'You cannot purchase your own product') });
    const user = userEvent.setup();
    const onPurchaseFailed = vi.fn();
    const { onPurchased } = renderPanel({ onPurchaseFailed });
    await user.click(screen.getByRole('button', { name: 'Buy Now' }));
    await fillAndConfirm(user);
    await waitFor(() =>
      expect(errorDialog).toHaveBeenCalledWith(
        PURCHASE_MESSAGES.failedTitle,
        'You cannot purchase your own product',
      ),
    );
    expect(onPurchased).not.toHaveBeenCalled();
    expect(onPurchaseFailed).toHaveBeenCalled();
  });

  it('retries an attempt that got no answer with the same Idempotency-Key, so it cannot buy twice', async () => {
    const { calls } = mockApi({
      [PURCHASE]: inTurn(
        networkError(),
        json({ updatedQuantity: 40, cartItemId: 'c-2', unitPrice: 2.5, total: 25 }),
        json({ updatedQuantity: 30, cartItemId: 'c-3', unitPrice: 2.5, total: 25 }),
      ),
    });
    const user = userEvent.setup();
    renderPanel();
    const key = (call: number) => calls[call]?.headers.get('idempotency-key');

    await user.click(screen.getByRole('button', { name: 'Buy Now' }));
    await fillAndConfirm(user);
    await waitFor(() =>
      expect(errorDialog).toHaveBeenCalledWith(PURCHASE_MESSAGES.failedTitle, expect.any(String)),
    );

    // The typed details survive; the retry sends the same key.
    await user.click(screen.getByRole('button', { name: 'Buy Now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Complete Your Purchase' });
    expect(within(dialog).getByLabelText('Shipping address')).toHaveValue('12 Harbour Road, Bristol');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm Purchase' }));
    await waitFor(() => expect(successDialog).toHaveBeenCalled());
    expect(key(1)).toBe(key(0));

    // A new purchase after a success gets a new key.
    await user.click(screen.getByRole('button', { name: 'Buy Now' }));
    await fillAndConfirm(user);
    await waitFor(() => expect(calls).toHaveLength(3));
    expect(key(2)).not.toBe(key(0));
  });

  it('highlights the break of the selected quantity and prices the total with it', async () => {
    const user = userEvent.setup();
    renderPanel({ product: tiered });
    const table = screen.getByRole('table');
    const current = () =>
      within(table)
        .getAllByRole('row')
        .find((row) => row.getAttribute('aria-current') === 'true');
    expect(current()).toHaveTextContent('10–11$2.50');
    expect(screen.getByTestId('purchase-total')).toHaveTextContent('$25.00');
    expect(screen.getByTestId('next-break-hint')).toHaveTextContent('Buy 2 more to pay $2.25 per unit');
    await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    expect(current()).toHaveTextContent('12–99$2.25');
    expect(screen.getByTestId('purchase-unit-price')).toHaveTextContent('$2.25');
    expect(screen.getByTestId('purchase-total')).toHaveTextContent('$27.00');
    expect(screen.getByTestId('next-break-hint')).toHaveTextContent('Buy 88 more to pay $2.00 per unit');
  });

  it('on 409 PRICE_CHANGED shows the new price, buys nothing, and confirms again at that price', async () => {
    const changed = 'The price has changed: the unit price is now $2.40.';
    const { calls } = mockApi({
      [PURCHASE]: inTurn(
        json({ code: 'PRICE_CHANGED', message: changed, error: changed, unitPrice: 2.4 }, 409),
        json({ updatedQuantity: 488, cartItemId: 'c-9', unitPrice: 2.4, total: 28.8 }),
      ),
    });
    const user = userEvent.setup();
    const { onPurchased } = renderPanel({ product: tiered });
    await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    await user.click(screen.getByRole('button', { name: 'Buy Now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Complete Your Purchase' });
    expect(within(dialog).getByTestId('purchase-summary')).toHaveTextContent(
      '12 units of Pallet Wrap at $2.25 per unit, for $27.00',
    );
    await fillAndConfirm(user);

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(changed);
    expect(within(dialog).getByTestId('purchase-summary')).toHaveTextContent('at $2.40 per unit, for $28.80');
    expect(onPurchased).not.toHaveBeenCalled();
    expect(errorDialog).not.toHaveBeenCalled();
    const sent = (call: number) => calls[call]?.body as { expectedUnitPrice?: number };
    expect(sent(0).expectedUnitPrice).toBe(2.25);

    await user.click(within(dialog).getByRole('button', { name: 'Confirm Purchase' }));
    await waitFor(() => expect(onPurchased).toHaveBeenCalled());
    expect(sent(1).expectedUnitPrice).toBe(2.4);
  });

  it('cannot be ordered when the stock is under the minimum', () => {
    renderPanel({ product: { ...product, mainQuantity: 8 } });
    expect(screen.getByText(/cannot currently be ordered/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Buy Now' })).toBeDisabled();
    expect(screen.queryByRole('textbox', { name: 'Quantity' })).not.toBeInTheDocument();
  });
});
