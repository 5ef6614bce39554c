import { MIN_ORDER_FILTER_THRESHOLD } from '@bulkwise/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PRODUCT_MESSAGES } from '@/config/messages';
import { apiError, inTurn, json, mockApi } from '@/test/mock-api';
import { AllProducts } from './all-products';
import { PRODUCT_TABLE_COLUMNS } from './product-table-columns';

const product = (i: number) => ({
  _id: `p-${i}`,
  image: '/images/placeholder.svg',
  name: `Product ${i}`,
  brandName: `Brand ${i}`,
  category: 'Health & Beauty',
  categorySlug: 'health_beauty',
  description: 'd',
  mainQuantity: 100 + i,
  minSellingQuantity: 10 * i,
  price: i + 0.5,
  rating: 4.25,
  priceTiers: i === 1 ? [{ minQuantity: 100, price: 1.25 }] : [],
  userName: 'U',
  supplierId: 'S',
  createdAt: '2026-01-01T00:00:00.000Z',
});

/** Answers GET /api/products with `pages` in turn (each with its paging headers); the query strings asked so far. */
function stubPages(pages: Array<{ items: unknown[]; total: number; next?: string }>) {
  const answers = pages.map((page) =>
    json(page.items, 200, {
      'x-total-count': String(page.total),
      ...(page.next ? { 'x-next-cursor': page.next } : {}),
    }),
  );
  const { calls } = mockApi({ 'GET /api/products': inTurn(...answers) });
  return () => calls.filter((call) => call.url.pathname === '/api/products').map((call) => call.url.search);
}

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '/all-products', element: <AllProducts /> }], {
    initialEntries: [path],
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('AllProducts', () => {
  it('pages with Load more and the cursor, showing X of Y', async () => {
    const asked = stubPages([
      { items: [product(1), product(2)], total: 3, next: 'c2' },
      { items: [product(3)], total: 3 },
    ]);
    const user = userEvent.setup();
    renderAt('/all-products');
    expect(await screen.findByText('Showing 2 of 3 products')).toBeInTheDocument();
    const card = screen.getByRole('article', { name: 'Product 1' });
    expect(within(card).getByTestId('product-price')).toHaveTextContent('$1.50');
    expect(within(card).getByTestId('product-from-price')).toHaveTextContent('from $1.25');
    const plain = screen.getByRole('article', { name: 'Product 2' });
    expect(within(plain).queryByTestId('product-from-price')).not.toBeInTheDocument();
    expect(within(card).getByText('4.3')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Details' })).toHaveAttribute('href', '/product/p-1');

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Showing 3 of 3 products')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(asked()).toEqual(['?limit=24', '?limit=24&cursor=c2']);
  });

  it('loads the images of the first cards at once, the first one first, and the rest lazily', async () => {
    stubPages([{ items: [1, 2, 3, 4].map(product), total: 4 }]);
    renderAt('/all-products');
    await screen.findByText('Showing 4 of 4 products');
    const images = screen.getAllByRole('img', { name: /^Product \d$/ });
    expect(images.map((img) => [img.getAttribute('loading'), img.getAttribute('fetchpriority')])).toEqual([
      ['eager', 'high'],
      ['eager', null],
      ['eager', null],
      ['lazy', null],
    ]);
  });

  it('keeps view, filter and sort in the URL and sends filter and sort to the server', async () => {
    const asked = stubPages([{ items: [product(20)], total: 1 }]);
    const user = userEvent.setup();
    const router = renderAt('/all-products');
    await screen.findByText('Showing 1 of 1 products');

    await user.click(screen.getByRole('button', { name: 'Table View' }));
    expect(router.state.location.search).toBe('?view=table');
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      ...PRODUCT_TABLE_COLUMNS,
    ]);

    await user.click(screen.getByRole('button', { name: 'Show Available Products' }));
    await user.selectOptions(screen.getByLabelText('Sort by'), 'Price High to Low');
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      view: 'table',
      filter: 'available',
      sort: 'price_desc',
    });
    await screen.findByText('Showing 1 of 1 products');
    expect(asked().at(-1)).toBe('?minOrderOver=100&sort=price_desc&limit=24');
    expect(screen.getByRole('button', { name: 'Show All Products' })).toBeInTheDocument();
  });

  it('has the two empty states; the filtered one offers Show All Products', async () => {
    stubPages([{ items: [], total: 0 }]);
    const user = userEvent.setup();
    const router = renderAt('/all-products?filter=available');
    expect(
      await screen.findByRole('heading', { name: PRODUCT_MESSAGES.noneMatchFilter }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(PRODUCT_MESSAGES.noneMatchFilterDetail(MIN_ORDER_FILTER_THRESHOLD)),
    ).toBeInTheDocument();
    const buttons = screen.getAllByRole('button', { name: 'Show All Products' });
    await user.click(buttons.at(-1)!);
    expect(router.state.location.search).toBe('');
    expect(await screen.findByRole('heading', { name: PRODUCT_MESSAGES.noneAvailable })).toBeInTheDocument();
  });

  it('shows the load error with Try Again', async () => {
    mockApi({ 'GET /api/products': () => apiError(500, 'INTERNAL', 'x') });
    renderAt('/all-products');
    expect(await screen.findByRole('alert')).toHaveTextContent(PRODUCT_MESSAGES.loadFailed);
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });

  it('searches from the URL: results heading with the count, highlighted names, Clear search', async () => {
    const asked = stubPages([
      { items: [{ ...product(1), name: 'Stainless <b>cable</b> ties' }], total: 31, next: 'c2' },
    ]);
    const user = userEvent.setup();
    const router = renderAt('/all-products?q=cable%20ti&view=table');
    expect(await screen.findByRole('heading', { name: 'Results for "cable ti"' })).toBeInTheDocument();
    expect(await screen.findByTestId('search-count')).toHaveTextContent('31 products');
    expect(asked()[0]).toBe('?q=cable+ti&limit=24');

    await user.click(screen.getByRole('button', { name: 'Card View' }));
    const heading = within(screen.getByRole('article')).getByRole('heading');
    // The name stays text (no <b> element); the matching words are marked.
    expect(heading).toHaveTextContent('Stainless <b>cable</b> ties');
    expect([...heading.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['cable', 'ties']);
    expect(heading.querySelector('b')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(router.state.location.search).toBe('');
    // Back brings the search (and the card view chosen with it) back.
    await router.navigate(-1);
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({ q: 'cable ti' });
    expect(await screen.findByRole('heading', { name: 'Results for "cable ti"' })).toBeInTheDocument();
  }, 15_000);

  it('says when nothing matches the search and offers to clear it', async () => {
    stubPages([{ items: [], total: 0 }]);
    const user = userEvent.setup();
    const router = renderAt('/all-products?q=zzzz&sort=price_asc');
    expect(await screen.findByRole('heading', { name: 'No products match "zzzz"' })).toBeInTheDocument();
    const clear = screen.getAllByRole('button', { name: 'Clear search' });
    await user.click(clear.at(-1)!);
    expect(router.state.location.search).toBe('?sort=price_asc');
  });
});
