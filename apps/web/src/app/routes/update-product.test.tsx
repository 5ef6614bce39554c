import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PRODUCT_FORM_MESSAGES, PRODUCT_MESSAGES } from '@/config/messages';
import { errorDialog } from '@/lib/dialogs';
import { signedInUser } from '@/test/fake-auth';
import { apiError, deferred, json, mockApi } from '@/test/mock-api';
import { ownProduct, productInput } from '@/test/products';
import { renderApp } from '@/test/render-app';

vi.mock('@/lib/dialogs', () => import('@/test/dialogs-mock'));

const NOT_OWNER = 'You can only update your own products.';

const READ = 'GET /api/my-products/p1';

function api(overrides: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({ [READ]: () => json(ownProduct()), ...overrides });
}

async function openPage() {
  const router = renderApp('/update-product/p1', { user: signedInUser });
  const user = userEvent.setup();
  return { router, user };
}

describe('Update product page', () => {
  beforeEach(() => vi.mocked(errorDialog).mockClear());

  it('loads the existing values into the form', async () => {
    api();
    await openPage();
    expect(await screen.findByRole('heading', { name: 'Update Product' })).toBeInTheDocument();
    expect(document.title).toBe('Update Product | Bulkwise');
    expect(await screen.findByLabelText('Product name')).toHaveValue('Steel bolts M8');
    expect(screen.getByLabelText('Image URL')).toHaveValue('https://cdn.example.com/bolts.jpg');
    expect(screen.getByLabelText('Brand name')).toHaveValue('Fastenco');
    expect(screen.getByLabelText('Category')).toHaveValue('Industrial Machinery & Tools');
    expect(screen.getByLabelText('Description')).toHaveValue('Zinc plated, box of 500');
    expect(screen.getByLabelText('Main quantity')).toHaveValue(5000);
    expect(screen.getByLabelText('Minimum selling quantity')).toHaveValue(500);
    expect(screen.getByLabelText('Price')).toHaveValue(19.99);
    expect(screen.getByLabelText('Rating')).toHaveValue(4);
  });

  it('Cancel goes back to My Products', async () => {
    api();
    const { router, user } = await openPage();
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-products'));
  });

  it('runs the same ordered checks before any call', async () => {
    const { apiCalls } = api();
    const { user } = await openPage();
    await user.clear(await screen.findByLabelText('Price'));
    await user.click(screen.getByRole('button', { name: 'Update Product' }));
    await waitFor(() =>
      expect(errorDialog).toHaveBeenCalledWith(expect.any(String), PRODUCT_FORM_MESSAGES.price),
    );
    expect(apiCalls().filter((c) => c.method === 'PUT')).toHaveLength(0);
  });

  it('edits the volume pricing rows: loaded, checked inline before any call, removed, added and sent', async () => {
    const priceTiers = [
      { minQuantity: 600, price: 18.5 },
      { minQuantity: 1000, price: 17 },
    ];
    const { apiCalls } = api({
      [READ]: () => json(ownProduct({ priceTiers })),
      'PUT /api/products/p1': () => json(ownProduct({ priceTiers })),
    });
    const { user } = await openPage();
    expect(await screen.findByLabelText('Break 1: from quantity')).toHaveValue(600);
    expect(screen.getByLabelText('Break 2: price per unit')).toHaveValue(17);

    await user.clear(screen.getByLabelText('Break 2: price per unit'));
    await user.type(screen.getByLabelText('Break 2: price per unit'), '18.5');
    await user.click(screen.getByRole('button', { name: 'Update Product' }));
    expect(
      await screen.findByText("Break 2: price must be below break 1's price ($18.50)"),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Break 2: price per unit')).toHaveAttribute('aria-invalid', 'true');
    expect(apiCalls().filter((c) => c.method === 'PUT')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Remove break 2' }));
    await user.click(screen.getByRole('button', { name: 'Add price break' }));
    await user.type(screen.getByLabelText('Break 2: from quantity'), '2000');
    await user.type(screen.getByLabelText('Break 2: price per unit'), '16');
    await user.click(screen.getByRole('button', { name: 'Update Product' }));
    await waitFor(() => expect(apiCalls().filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(apiCalls().find((c) => c.method === 'PUT')?.body).toMatchObject({
      priceTiers: [
        { minQuantity: 600, price: 18.5 },
        { minQuantity: 2000, price: 16 },
      ],
    });
  });

  it("shows 'Updating...' while saving, sends the form's fields and lands on All Products", async () => {
    const answer = deferred<Response>();
    const { apiCalls } = api({ 'PUT /api/products/p1': () => answer.promise });
    const { router, user } = await openPage();
    const price = await screen.findByLabelText('Price');
    await user.clear(price);
    await user.type(price, '17.5');
    await user.click(screen.getByRole('button', { name: 'Update Product' }));

    expect(await screen.findByRole('button', { name: PRODUCT_MESSAGES.updating })).toBeDisabled();
    const put = apiCalls().find((c) => c.method === 'PUT');
    expect(put?.body).toEqual(productInput({ price: 17.5 }));
    answer.resolve(json(ownProduct({ price: 17.5 })));
    await waitFor(() => expect(router.state.location.pathname).toBe('/all-products'));
  });

  it('keeps the edits and says so when saving fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    api({ 'PUT /api/products/p1': () => apiError(500, 'INTERNAL', 'boom') });
    const { router, user } = await openPage();
    const name = await screen.findByLabelText('Product name');
    await user.clear(name);
    await user.type(name, 'Brass bolts');
    await user.click(screen.getByRole('button', { name: 'Update Product' }));
    await waitFor(() =>
      expect(errorDialog).toHaveBeenCalledWith(expect.any(String), PRODUCT_MESSAGES.updateFailed),
    );
    expect(await screen.findByRole('button', { name: 'Update Product' })).toBeEnabled();
    expect(name).toHaveValue('Brass bolts');
    expect(router.state.location.pathname).toBe('/update-product/p1');
  });

  it("refuses another user's product with a plain notice and no form, on the API's word", async () => {
    const { apiCalls } = api({
      [READ]: () => apiError(403, 'FORBIDDEN', 'You can only update your own products'),
    });
    await openPage();
    expect(await screen.findByText(NOT_OWNER)).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to My Products' })).toHaveAttribute('href', '/my-products');
    // One product read, never the supplier's whole shelf.
    expect(apiCalls().map((call) => `${call.method} ${call.url.pathname}${call.url.search}`)).toEqual([READ]);
  });

  it('says so plainly when the API refuses the save with 403', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    api({
      'PUT /api/products/p1': () => apiError(403, 'FORBIDDEN', 'You can only update your own products'),
    });
    const { user } = await openPage();
    await user.click(await screen.findByRole('button', { name: 'Update Product' }));
    await waitFor(() => expect(errorDialog).toHaveBeenCalledWith(expect.any(String), NOT_OWNER));
  });

  it('shows the load error with Try Again when the product cannot be loaded', async () => {
    api({ [READ]: () => apiError(404, 'NOT_FOUND', 'Product not found') });
    await openPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(PRODUCT_MESSAGES.loadDetailsFailed);
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });
});
