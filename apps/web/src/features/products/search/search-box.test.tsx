import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '@/test/mock-api';
import { SUGGEST_DEBOUNCE_MS, SearchBox } from './search-box';

const suggestion = (i: number, name: string) => ({
  _id: `p-${i}`,
  name,
  brandName: `Brand ${i}`,
  category: 'Health & Beauty',
});

/** Answers GET /api/products/suggest with `answer(q)`, recording every q asked. */
function stubSuggest(answer: (q: string) => unknown[]) {
  const { calls } = mockApi({
    'GET /api/products/suggest': ({ url }) => json(answer(url.searchParams.get('q') ?? '')),
  });
  return () =>
    calls
      .filter((call) => call.url.pathname === '/api/products/suggest')
      .map((call) => call.url.searchParams.get('q') ?? '');
}

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

function renderAt(path: string) {
  const page = (
    <>
      <SearchBox />
      <Where />
    </>
  );
  const router = createMemoryRouter(
    [
      { path: '/', element: page },
      { path: '/all-products', element: page },
      { path: '/product/:id', element: page },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const where = () => screen.getByTestId('where').textContent;
const box = () => screen.getByRole('combobox', { name: 'Search products' });

describe('SearchBox', () => {
  it('suggests as the user types (debounced), moves with the arrows and opens the chosen product', async () => {
    const asked = stubSuggest(() => [
      suggestion(1, 'Stainless Steel Cable Ties'),
      suggestion(2, 'Steel wool'),
    ]);
    const user = userEvent.setup();
    renderAt('/');
    await user.type(box(), 'stee');
    const list = await screen.findByRole('listbox', { name: 'Suggestions' });
    await within(list).findByRole('option', { name: /Steel wool/ });
    expect(within(list).getAllByRole('option')).toHaveLength(3);
    // Typing fast asks once, for what was typed when the typing paused.
    expect(asked()).toEqual(['stee']);
    expect(box()).toHaveAttribute('aria-expanded', 'true');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('2 suggestions'));
    const options = within(list).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'Stainless Steel Cable TiesBrand 1 · Health & Beauty',
      'Steel woolBrand 2 · Health & Beauty',
      'See all results for “stee”',
    ]);
    // The matched word is emphasised, as text.
    expect(within(options[0]!).getByText('Steel').tagName).toBe('MARK');

    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(box()).toHaveAttribute('aria-activedescendant', options[1]!.id);
    expect(options[1]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(box()).toHaveAttribute('aria-activedescendant', options[2]!.id);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(where()).toBe('/product/p-1');
    expect(box()).toHaveAttribute('aria-expanded', 'false');
  }, 15_000);

  it('opens the results with Enter, and with "See all results"', async () => {
    stubSuggest(() => []);
    const user = userEvent.setup();
    renderAt('/');
    await user.type(box(), '  cable ties {Enter}');
    expect(where()).toBe('/all-products?q=cable+ties');

    await user.clear(box());
    await user.type(box(), 'bolts');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('No suggestions'));
    await user.click(screen.getByRole('option', { name: 'See all results for “bolts”' }));
    expect(where()).toBe('/all-products?q=bolts');
  });

  it('leaves Enter and the arrows to an input method that is composing, and searches on the Enter after it', async () => {
    stubSuggest(() => [suggestion(1, 'ねじ M10')]);
    const user = userEvent.setup();
    renderAt('/');
    await user.type(box(), 'ねじ');
    await screen.findByRole('option', { name: /ねじ M10/ });
    // The user is still choosing the kanji of the next word: Enter commits the candidate.
    fireEvent.compositionStart(box());
    fireEvent.keyDown(box(), { key: 'ArrowDown', isComposing: true });
    fireEvent.keyDown(box(), { key: 'Enter', isComposing: true });
    // Safari: the committing Enter arrives after compositionend, marked only by keyCode 229.
    fireEvent.compositionEnd(box());
    fireEvent.keyDown(box(), { key: 'Enter', keyCode: 229 });
    expect(where()).toBe('/');
    expect(box()).not.toHaveAttribute('aria-activedescendant');
    await user.keyboard('{Enter}');
    expect(where()).toBe('/all-products?q=%E3%81%AD%E3%81%98');
  });

  it('keeps the view, sort and filter of All Products and shows the search of the URL', async () => {
    stubSuggest(() => []);
    const user = userEvent.setup();
    const router = renderAt('/all-products?view=table&sort=price_asc&q=ties');
    expect(box()).toHaveValue('ties');
    await user.clear(box());
    await user.type(box(), 'bolts{Enter}');
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      view: 'table',
      sort: 'price_asc',
      q: 'bolts',
    });
    await router.navigate(-1);
    await waitFor(() => expect(box()).toHaveValue('ties'));
  });

  it('closes with Escape, then clears', async () => {
    stubSuggest(() => [suggestion(1, 'Anchor bolts')]);
    const user = userEvent.setup();
    renderAt('/');
    await user.type(box(), 'anc');
    await screen.findByRole('option', { name: /Anchor bolts/ });
    await user.keyboard('{Escape}');
    expect(box()).toHaveAttribute('aria-expanded', 'false');
    expect(box()).toHaveValue('anc');
    await user.keyboard('{Escape}');
    expect(box()).toHaveValue('');
  });

  it('asks nothing for one letter or for symbols only', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const asked = stubSuggest(() => []);
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      renderAt('/');
      for (const text of ['a', '%%', '💥 !']) {
        await user.clear(box());
        await user.type(box(), text);
        await act(async () => vi.advanceTimersByTime(5 * SUGGEST_DEBOUNCE_MS));
        expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
          `See all results for “${text}”`,
        ]);
      }
      expect(asked()).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });
});
