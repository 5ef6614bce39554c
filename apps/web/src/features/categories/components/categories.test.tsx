import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { CATEGORY_MESSAGES } from '@/config/messages';
import { json, mockApi } from '@/test/mock-api';
import { CategoriesList } from './categories-list';
import { FeaturedCategories } from './featured-categories';

const categories = Array.from({ length: 7 }, (_, i) => ({
  _id: `cat-${i + 1}`,
  name: `Category ${i + 1}`,
  slug: `category_${i + 1}`,
  description: `About category ${i + 1}`,
  image: `/images/c${i + 1}.svg`,
  popular: i % 2 === 0,
  productCount: i * 3,
  subcategories: i === 0 ? ['Cables', 'Chargers'] : [],
}));

function stubCategories(status: number, body: unknown) {
  mockApi({ 'GET /api/categories': () => json(body, status) });
}

function renderWithData(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}

const failure = { code: 'INTERNAL', message: 'boom', error: 'boom' };

describe('FeaturedCategories', () => {
  it('shows the first five, each linking to its category, and View All Categories', async () => {
    stubCategories(200, categories);
    renderWithData(<FeaturedCategories />);
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    const list = await screen.findByRole('list');
    const links = within(list).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      '/category/cat-1',
      '/category/cat-2',
      '/category/cat-3',
      '/category/cat-4',
      '/category/cat-5',
    ]);
    expect(screen.getByRole('link', { name: /View All Categories/ })).toHaveAttribute('href', '/categories');
  });

  it('says so plainly when loading fails, logs it, and offers no retry', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    stubCategories(500, failure);
    renderWithData(<FeaturedCategories />);
    expect(await screen.findByRole('alert')).toHaveTextContent(CATEGORY_MESSAGES.homeLoadFailed);
    expect(screen.queryByRole('button', { name: 'Try Again' })).not.toBeInTheDocument();
    expect(log).toHaveBeenCalledWith(CATEGORY_MESSAGES.homeFetchFailedInternal, expect.anything());
  });

  it('has an empty message', async () => {
    stubCategories(200, []);
    renderWithData(<FeaturedCategories />);
    expect(await screen.findByText(CATEGORY_MESSAGES.homeEmpty)).toBeInTheDocument();
  });
});

describe('CategoriesList', () => {
  it('shows every category with its badge, count, popular items and link', async () => {
    stubCategories(200, categories);
    renderWithData(<CategoriesList />);
    expect(screen.getByRole('heading', { level: 1, name: CATEGORY_MESSAGES.title })).toBeInTheDocument();
    expect(screen.getByText(CATEGORY_MESSAGES.subtitle)).toBeInTheDocument();
    const cards = await screen.findAllByRole('article');
    expect(cards).toHaveLength(7);

    const first = within(cards[0]!);
    expect(first.getByText('Popular')).toBeInTheDocument();
    expect(first.getByTestId('product-count')).toHaveTextContent('0 products');
    expect(first.getByText('POPULAR ITEMS')).toBeInTheDocument();
    expect(first.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Cables', 'Chargers']);
    expect(first.getByRole('link', { name: /VIEW PRODUCTS/ })).toHaveAttribute('href', '/category/cat-1');
    expect(first.getByText('About category 1')).toHaveClass('line-clamp-2');

    const second = within(cards[1]!);
    expect(second.queryByText('Popular')).not.toBeInTheDocument();
    expect(second.getByTestId('product-count')).toHaveTextContent('3 products');
  });

  it('has an error state with Try Again and an empty state', async () => {
    stubCategories(500, failure);
    const { unmount } = renderWithData(<CategoriesList />);
    expect(await screen.findByRole('alert')).toHaveTextContent(CATEGORY_MESSAGES.loadFailed);
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
    unmount();

    stubCategories(200, []);
    renderWithData(<CategoriesList />);
    expect(await screen.findByRole('heading', { name: CATEGORY_MESSAGES.empty })).toBeInTheDocument();
  });
});
