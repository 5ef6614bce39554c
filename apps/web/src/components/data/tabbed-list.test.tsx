import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TabbedList, type PagedQuery } from './tabbed-list';

type Tab = 'open' | 'paid';
const TABS = [
  { value: 'open' as const, label: 'Open', count: 3 },
  { value: 'paid' as const, label: 'Paid' },
];

function renderList(query: Partial<PagedQuery>, ids: string[] = [], onSelect = vi.fn()) {
  const full: PagedQuery = {
    isPending: false,
    isError: false,
    hasNextPage: false,
    isFetchingNextPage: false,
    fetchNextPage: vi.fn(async () => undefined),
    ...query,
  };
  const view = (q: PagedQuery) => (
    <TabbedList<Tab, { _id: string }>
      tabsLabel="Invoices by status"
      tabs={TABS}
      selected="open"
      onSelect={onSelect}
      noun="invoices"
      query={q}
      items={ids.map((_id) => ({ _id }))}
      renderItem={(item) => <span>Invoice {item._id}</span>}
      errorMessage="Failed to load your invoices"
      empty={{ title: 'No Open Invoices', message: 'Nothing is owed.', icon: null }}
    />
  );
  const result = render(view(full));
  return {
    ...result,
    full,
    rerenderWith: (q: Partial<PagedQuery>) => result.rerender(view({ ...full, ...q })),
  };
}

describe('TabbedList (orders desk, invoices, quotes)', () => {
  it('names the tabs with their counts, marks the selected one and reports a choice', async () => {
    const onSelect = vi.fn();
    renderList({}, ['A-1'], onSelect);
    const tabs = within(screen.getByRole('tablist', { name: 'Invoices by status' })).getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Open 3', 'Paid ']);
    expect(screen.getByRole('tab', { name: 'Open 3' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Paid' }));
    expect(onSelect).toHaveBeenCalledWith('paid');
    expect(screen.getByRole('tabpanel', { name: 'Open invoices' })).toBeInTheDocument();
  });

  it('shows loading, then the error with Try Again, then the empty state', () => {
    const { rerenderWith } = renderList({ isPending: true });
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    rerenderWith({ isPending: false, isError: true });
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to load your invoices');
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
    rerenderWith({ isPending: false, isError: false });
    expect(screen.getByRole('heading', { name: 'No Open Invoices' })).toBeInTheDocument();
  });

  it('lists the items and loads the next page while one remains', async () => {
    const { full, rerenderWith } = renderList({ hasNextPage: true }, ['A-1', 'A-2']);
    const list = screen.getByRole('list', { name: 'Invoices' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Invoice A-1', 'Invoice A-2']);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Load more invoices' }));
    expect(full.fetchNextPage).toHaveBeenCalledTimes(1);
    rerenderWith({ isFetchingNextPage: true });
    expect(screen.getByRole('button', { name: 'Loading…' })).toBeDisabled();
    rerenderWith({ hasNextPage: false });
    expect(screen.queryByRole('button', { name: /Load more/ })).toBeNull();
  });
});
