import type { ReactNode } from 'react';
import { EmptyState } from '@/components/feedback/empty-state';
import { ErrorState } from '@/components/feedback/error-state';
import { PageSpinner } from '@/components/feedback/spinner';
import { StatusTabs, type ListTab } from './status-tabs';

/** The desks list API documents, each keyed by its id. */
type Keyed = { _id: string };

/** What the list needs of a TanStack infinite query. */
export interface PagedQuery {
  isPending: boolean;
  isError: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

interface TabbedListProps<T extends string, Item extends Keyed> {
  /** The tab list's accessible name, e.g. "Orders by status". */
  tabsLabel: string;
  tabs: ReadonlyArray<ListTab<T>>;
  selected: T;
  onSelect: (tab: T) => void;
  /** Beside the tabs (an export button). */
  toolbar?: ReactNode;
  /** The plural noun of the items: names the panel ("Placed orders"), the list and the more button. */
  noun: string;
  query: PagedQuery;
  items: Item[];
  renderItem: (item: Item) => ReactNode;
  errorMessage: string;
  empty: { title: string; message: string; icon: ReactNode };
  listClassName?: string;
}

/**
 * The desks' shape (orders, invoices, quotes): a tab per status with its count, then the tab's items
 * page by page with loading, error (Try Again) and empty states, and "Load more" while pages remain.
 */
export function TabbedList<T extends string, Item extends Keyed>(props: TabbedListProps<T, Item>) {
  const { tabs, selected, query, items, noun } = props;
  const current = tabs.find((t) => t.value === selected)?.label ?? '';
  const tablist = (
    <StatusTabs label={props.tabsLabel} tabs={tabs} selected={selected} onSelect={props.onSelect} />
  );

  return (
    <div className="flex flex-col gap-6">
      {props.toolbar ? (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          {tablist}
          {props.toolbar}
        </div>
      ) : (
        tablist
      )}
      <div role="tabpanel" aria-label={`${current} ${noun}`}>
        {query.isPending ? (
          <PageSpinner />
        ) : query.isError ? (
          <ErrorState message={props.errorMessage} />
        ) : items.length === 0 ? (
          <EmptyState {...props.empty} />
        ) : (
          <>
            <ul className={props.listClassName ?? 'flex flex-col gap-4'} aria-label={capitalise(noun)}>
              {items.map((item) => (
                <li key={item._id}>{props.renderItem(item)}</li>
              ))}
            </ul>
            {query.hasNextPage && (
              <div className="mt-6 flex justify-center">
                <button
                  type="button"
                  className="btn btn-outline"
                  onClick={() => void query.fetchNextPage()}
                  disabled={query.isFetchingNextPage}
                >
                  {query.isFetchingNextPage ? 'Loading…' : `Load more ${noun}`}
                </button>
              </div>
            )}
          </>
        )}
      </div>
    </div>
  );
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
