import { ProductInputSchema } from '@bulkwise/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PRODUCT_FORM_MESSAGES, PRODUCT_MESSAGES } from '@/config/messages';
import { CHECK_DIALOG_TITLE } from '@/features/products/components/product-form';
import { errorDialog } from '@/lib/dialogs';
import { signedInUser } from '@/test/fake-auth';
import { apiError, deferred, json, mockApi } from '@/test/mock-api';
import { ownProduct, productInput } from '@/test/products';
import { renderApp } from '@/test/render-app';

vi.mock('@/lib/dialogs', () => import('@/test/dialogs-mock'));

const created = ownProduct({
  _id: 'p-new',
  category: 'Home & Kitchen Appliances',
  categorySlug: 'home_kitchen_appliances',
  rating: 4.5,
});

async function openPage() {
  renderApp('/add-product', { user: signedInUser });
  expect(await screen.findByRole('heading', { name: PRODUCT_MESSAGES.addTitle })).toBeInTheDocument();
  return userEvent.setup();
}

async function fillValid(user: UserEvent, skip: string[] = []) {
  const values: Array<[string, string]> = [
    ['Image URL', created.image],
    ['SKU', created.sku ?? ''],
    ['Product name', created.name],
    ['Brand name', created.brandName],
    ['Main quantity', '5000'],
    ['Minimum selling quantity', '500'],
    ['Low-stock threshold', '600'],
    ['Price', '19.99'],
    ['Rating', '4.5'],
    ['Description', created.description],
  ];
  for (const [label, value] of values) {
    if (!skip.includes(label)) await user.type(screen.getByLabelText(label), value);
  }
  if (!skip.includes('Category'))
    await user.selectOptions(screen.getByLabelText('Category'), created.category);
}

const submit = (user: UserEvent, name = 'Add Product') => user.click(screen.getByRole('button', { name }));

describe('Add product page', () => {
  beforeEach(() => vi.mocked(errorDialog).mockClear());

  it('has the titled form with every field labelled and the browser-level rules', async () => {
    mockApi({});
    await openPage();
    expect(document.title).toBe('Add Product | Bulkwise');
    expect(screen.getByRole('form', { name: PRODUCT_MESSAGES.addTitle })).toHaveAttribute('novalidate');
    expect(screen.getByLabelText('Image URL')).toHaveAttribute('type', 'url');
    for (const label of ['Image URL', 'Product name', 'Brand name', 'Category', 'Description']) {
      expect(screen.getByLabelText(label)).toBeRequired();
    }
    expect(screen.getByLabelText('Main quantity')).toHaveAttribute('min', '1');
    expect(screen.getByLabelText('Minimum selling quantity')).toHaveAttribute('min', '1');
    expect(screen.getByLabelText('Price')).toHaveAttribute('min', '0.01');
    expect(screen.getByLabelText('Price')).toHaveAttribute('step', '0.01');
    expect(screen.getByLabelText('Rating')).toHaveAttribute('min', '1');
    expect(screen.getByLabelText('Rating')).toHaveAttribute('max', '5');
    expect(screen.getByLabelText('Rating')).toHaveAttribute('step', '0.1');
    expect(screen.getByLabelText('Category').querySelectorAll('option:not([disabled])')).toHaveLength(7);
    expect(
      screen.getByText(/wholesale platform connecting suppliers with business buyers/),
    ).toBeInTheDocument();
  });

  it('runs the ordered checks before any call and shows only the first failure', async () => {
    const { apiCalls } = mockApi({});
    const user = await openPage();
    await submit(user);
    await waitFor(() =>
      expect(errorDialog).toHaveBeenCalledWith(CHECK_DIALOG_TITLE, PRODUCT_FORM_MESSAGES.imageRequired),
    );

    await user.type(screen.getByLabelText('Image URL'), 'bolts.jpg');
    await submit(user);
    await waitFor(() =>
      expect(errorDialog).toHaveBeenLastCalledWith(CHECK_DIALOG_TITLE, PRODUCT_FORM_MESSAGES.imageInvalid),
    );

    await user.clear(screen.getByLabelText('Image URL'));
    await user.type(screen.getByLabelText('Image URL'), created.image);
    await user.type(screen.getByLabelText('Main quantity'), '0');
    await submit(user);
    await waitFor(() =>
      expect(errorDialog).toHaveBeenLastCalledWith(CHECK_DIALOG_TITLE, PRODUCT_FORM_MESSAGES.mainQuantity),
    );
    expect(errorDialog).toHaveBeenCalledTimes(3);
    expect(apiCalls()).toHaveLength(0);
  });

  it('keeps a blank number blank: a cleared rating fails its check instead of becoming 0', async () => {
    mockApi({});
    const user = await openPage();
    await fillValid(user);
    await user.clear(screen.getByLabelText('Rating'));
    expect(screen.getByLabelText('Rating')).toHaveValue(null);
    await submit(user);
    await waitFor(() =>
      expect(errorDialog).toHaveBeenCalledWith(CHECK_DIALOG_TITLE, PRODUCT_FORM_MESSAGES.rating),
    );
  });

  it('shows the remaining rules inline, linked to their field, and focuses the first', async () => {
    const { apiCalls } = mockApi({});
    const user = await openPage();
    await fillValid(user, ['Product name', 'Price']);
    await user.type(screen.getByLabelText('Price'), '1.005');
    await submit(user);

    const name = screen.getByLabelText('Product name');
    await waitFor(() => expect(name).toHaveFocus());
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('Name is required');
    expect(screen.getByLabelText('Price')).toHaveAccessibleDescription(/Price must have at most 2 decimals/);
    expect(errorDialog).not.toHaveBeenCalled();
    expect(apiCalls()).toHaveLength(0);

    await user.type(name, 'Bolts');
    expect(name).not.toHaveAttribute('aria-invalid');
  });

  it('is busy while adding, then toasts, sends numbers and the owner, and empties the form', async () => {
    const success = vi.spyOn(toast, 'success');
    const answer = deferred<Response>();
    const { apiCalls } = mockApi({ 'POST /api/products': () => answer.promise });
    const user = await openPage();
    await fillValid(user);
    await submit(user);

    const busy = await screen.findByRole('button', { name: PRODUCT_MESSAGES.adding });
    expect(busy).toBeDisabled();
    const [call] = apiCalls();
    // Only the contract's fields: the server takes the owner from the token and derives the slug.
    expect(call?.body).toEqual(productInput({ category: 'Home & Kitchen Appliances', rating: 4.5 }));
    expect(Object.keys(call?.body as object).sort()).toEqual(Object.keys(ProductInputSchema.shape).sort());

    answer.resolve(json(created, 201));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add Product' })).toBeEnabled());
    expect(success).toHaveBeenCalled();
    expect(screen.getByLabelText('Image URL')).toHaveValue('');
    expect(screen.getByLabelText('Product name')).toHaveValue('');
    expect(screen.getByLabelText('Category')).toHaveValue('');
    expect(screen.getByLabelText('Main quantity')).toHaveValue(null);
    expect(screen.getByLabelText('Price')).toHaveValue(null);
    expect(screen.getByLabelText('Description')).toHaveValue('');
  });

  it('keeps what was typed and says so when adding fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi({ 'POST /api/products': () => apiError(500, 'INTERNAL', 'Something broke') });
    const user = await openPage();
    await fillValid(user);
    await submit(user);

    await waitFor(() =>
      expect(errorDialog).toHaveBeenCalledWith(expect.any(String), PRODUCT_MESSAGES.addFailed),
    );
    expect(await screen.findByRole('button', { name: 'Add Product' })).toBeEnabled();
    expect(screen.getByLabelText('Product name')).toHaveValue(created.name);
    expect(screen.getByLabelText('Price')).toHaveValue(19.99);
    expect(screen.getByLabelText('Category')).toHaveValue(created.category);
  });
});
