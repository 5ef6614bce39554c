import type { QuoteListFilter } from '@bulkwise/contracts';
import { FileText } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '@/components/feedback/empty-state';
import { ErrorState } from '@/components/feedback/error-state';
import { PageSpinner } from '@/components/feedback/spinner';
import { paths } from '@/config/paths';
import { useQuotes } from '../api/get-quotes';
import type { QuoteSide } from '../api/keys';
import { QUOTE_STATUS_LABEL } from './quote-status';

type Tab = QuoteListFilter | 'all';
/** The tabs of each side, first the ones that need the user (a supplier's new requests, a buyer's offers). */
const TABS: Record<QuoteSide, Array<{ tab: Tab; label: string }>> = {
  supplier: [
    { tab: 'requested', label: 'New requests' },
    { tab: 'countered', label: 'Countered' },
    { tab: 'offered', label: 'Awaiting buyer' },
    { tab: 'expiring', label: 'Expiring within 24 h' },
    { tab: 'accepted', label: 'Accepted' },
    { tab: 'all', label: 'All' },
  ],
  buyer: [
    { tab: 'offered', label: 'Offers to answer' },
    { tab: 'requested', label: 'Requested' },
    { tab: 'countered', label: 'Countered' },
    { tab: 'accepted', label: 'Accepted' },
    { tab: 'all', label: 'All' },
  ],
};

/** The Quotes page: the buyer's or the supplier's side, a tab per status with its count, newest activity first. */
export function QuotesList() {
  const [params, setParams] = useSearchParams();
  const side: QuoteSide = params.get('as') === 'supplier' ? 'supplier' : 'buyer';
  const tabs = TABS[side];
  const tab = (tabs.find((t) => t.tab === params.get('status'))?.tab ?? tabs[0]!.tab) as Tab;
  const quotes = useQuotes(side, tab);
  const counts = quotes.data?.pages[0]?.counts;
  const countOf = (t: Tab) =>
    counts
      ? t === 'all'
        ? Object.entries(counts).reduce((a, [k, n]) => (k === 'expiring' ? a : a + n), 0)
        : counts[t]
      : undefined;
  const list = quotes.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <div className="flex flex-col gap-4">
      <div role="tablist" aria-label="Side" className="tabs tabs-border">
        {(['buyer', 'supplier'] as const).map((s) => (
          <button
            key={s}
            type="button"
            role="tab"
            aria-selected={s === side}
            className={`tab ${s === side ? 'tab-active' : ''}`}
            onClick={() => setParams({ as: s }, { replace: true })}
          >
            {s === 'buyer' ? 'As buyer' : 'As supplier'}
          </button>
        ))}
      </div>
      <div role="tablist" aria-label="Quotes by status" className="tabs tabs-box flex-wrap">
        {tabs.map(({ tab: t, label }) => (
          <button
            key={t}
            type="button"
            role="tab"
            aria-selected={t === tab}
            className={`tab gap-2 text-base-content! ${t === tab ? 'tab-active' : ''}`}
            onClick={() => setParams({ as: side, status: t }, { replace: true })}
          >
            {label} {countOf(t) !== undefined && <span className="badge badge-sm">{countOf(t)}</span>}
          </button>
        ))}
      </div>
      <div role="tabpanel" aria-label={`${tabs.find((x) => x.tab === tab)?.label} quotes`}>
        {quotes.isPending ? (
          <PageSpinner />
        ) : quotes.isError ? (
          <ErrorState message="Failed to load your quotes" />
        ) : list.length === 0 ? (
          <EmptyState
            title="No Quotes Here"
            message={
              side === 'buyer'
                ? 'Ask a supplier for a price with Request a quote on a product page.'
                : 'Quote requests from buyers appear here.'
            }
            icon={<FileText className="size-8" aria-hidden="true" />}
          />
        ) : (
          <>
            <ul className="flex flex-col gap-3" aria-label="Quotes">
              {list.map((q) => (
                <li key={q._id}>
                  <Link
                    to={paths.quote.getHref(q._id)}
                    className="card card-border bg-base-100 transition hover:border-primary focus-visible:outline-2"
                  >
                    <div className="card-body flex-row flex-wrap items-center justify-between gap-2 p-4">
                      <div>
                        <p className="font-semibold">{side === 'buyer' ? q.supplier.name : q.buyer.name}</p>
                        <p className="text-sm text-base-content/70">
                          {q.lineCount} {q.lineCount === 1 ? 'product' : 'products'} · needed by {q.neededBy}
                          {q.total !== null && ` · v${q.currentVersion} $${q.total.toFixed(2)}`}
                        </p>
                      </div>
                      <div className="flex items-center gap-2">
                        {q.turn === q.you && <span className="badge badge-primary">Your move</span>}
                        <span className="badge">{QUOTE_STATUS_LABEL[q.status]}</span>
                        {q.unread > 0 && (
                          <span className="badge border-0 bg-error text-error-content">
                            {q.unread} unread
                          </span>
                        )}
                      </div>
                    </div>
                  </Link>
                </li>
              ))}
            </ul>
            {quotes.hasNextPage && (
              <div className="mt-4 flex justify-center">
                <button
                  type="button"
                  className="btn btn-outline"
                  onClick={() => void quotes.fetchNextPage()}
                  disabled={quotes.isFetchingNextPage}
                >
                  {quotes.isFetchingNextPage ? 'Loading…' : 'Load more quotes'}
                </button>
              </div>
            )}
          </>
        )}
      </div>
    </div>
  );
}
