import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PRODUCT_MESSAGES } from '@/config/messages';
import { confirmDialog, errorDialog } from '@/lib/dialogs';
import { signedInUser } from '@/test/fake-auth';
import { apiError, json, mockApi } from '@/test/mock-api';
import { ownProduct } from '@/test/products';
import { resetDialogMocks } from '@/test/dialogs-mock';
import { renderApp } from '@/test/render-app';

vi.mock('@/lib/dialogs', () => import('@/test/dialogs-mock'));

const shelf = [
  ownProduct(),
  ownProduct({ _id: 'p2', name: 'Copper wire', brandName: 'Wirex', price: 1234.5, rating: 4.25, image: '' }),
];

function card(name: string) {
  return screen.getByRole('article', { name });
}

describe('My Products page', () => {
  beforeEach(resetDialogMocks);

  it("lists only the user's products, asked for with their email", async () => {
    const { apiCalls } = mockApi({ 'GET /api/products': () => json(shelf) });
    renderApp('/my-products', { user: signedInUser });
    await screen.findByRole('article', { name: 'Steel bolts M8' });
    expect(document.title).toBe('My Products | Bulkwise');
    expect(apiCalls()[0]?.url.searchParams.get('email')).toBe(signedInUser.email);

    const bolts = within(card('Steel bolts M8'));
    expect(bolts.getByText('Fastenco')).toBeInTheDocument();
    expect(bolts.getByText('Industrial Machinery & Tools')).toBeInTheDocument();
    expect(bolts.getByText('$19.99')).toBeInTheDocument();
    expect(bolts.getByText('5,000 units')).toBeInTheDocument();
    expect(bolts.getByText('500 units')).toBeInTheDocument();
    expect(bolts.getByText('4.0')).toBeInTheDocument();
    expect(bolts.getByRole('link', { name: /Update/ })).toHaveAttribute('href', '/update-product/p1');

    const wire = within(card('Copper wire'));
    expect(wire.getByText('$1,234.50')).toBeInTheDocument();
    expect(wire.getByText('4.3')).toBeInTheDocument();
    expect(wire.getByRole('img', { name: 'Copper wire' })).toHaveAttribute('src', '/images/placeholder.svg');
  });

  it('deletes after confirmation and removes the card', async () => {
    let current = shelf;
    const { apiCalls } = mockApi({
      'GET /api/products': () => json(current),
      'DELETE /api/products/p1': () => {
        current = shelf.slice(1);
        return json({ deleted: true, _id: 'p1' });
      },
    });
    renderApp('/my-products', { user: signedInUser });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Steel bolts M8' }));

    expect(confirmDialog).toHaveBeenCalled();
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Steel bolts M8' })).not.toBeInTheDocument(),
    );
    expect(apiCalls().some((c) => c.method === 'DELETE' && c.url.pathname === '/api/products/p1')).toBe(true);
    expect(card('Copper wire')).toBeInTheDocument();
  });

  it('does nothing when the confirmation is cancelled', async () => {
    vi.mocked(confirmDialog).mockResolvedValue(false);
    const { apiCalls } = mockApi({ 'GET /api/products': () => json(shelf) });
    renderApp('/my-products', { user: signedInUser });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Delete Steel bolts M8' }));
    await waitFor(() => expect(confirmDialog).toHaveBeenCalled());
    expect(apiCalls().some((c) => c.method === 'DELETE')).toBe(false);
    expect(card('Steel bolts M8')).toBeInTheDocument();
  });

  it('puts the card back and says so when deleting fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi({
      'GET /api/products': () => json(shelf),
      'DELETE /api/products/p1': () => apiError(500, 'INTERNAL', 'boom'),
    });
    renderApp('/my-products', { user: signedInUser });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Delete Steel bolts M8' }));
    await waitFor(() =>
      expect(errorDialog).toHaveBeenCalledWith(expect.any(String), PRODUCT_MESSAGES.deleteFailed),
    );
    expect(await screen.findByRole('article', { name: 'Steel bolts M8' })).toBeInTheDocument();
  });

  it('shows the empty shelf with a link to add the first product', async () => {
    mockApi({ 'GET /api/products': () => json([]) });
    renderApp('/my-products', { user: signedInUser });
    expect(await screen.findByRole('heading', { name: PRODUCT_MESSAGES.shelfEmpty })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: PRODUCT_MESSAGES.addFirst })).toHaveAttribute(
      'href',
      '/add-product',
    );
  });

  it('shows the load error with Try Again', async () => {
    mockApi({ 'GET /api/products': () => apiError(500, 'INTERNAL', 'down') });
    renderApp('/my-products', { user: signedInUser });
    expect(await screen.findByRole('alert')).toHaveTextContent(PRODUCT_MESSAGES.loadFailed);
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });
});
