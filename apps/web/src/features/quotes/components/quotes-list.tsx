import { formatUsd, type QuoteListFilter, type QuoteSummary } from '@bulkwise/contracts';
import { FileText } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { TabbedList } from '@/components/data/tabbed-list';
import { paths } from '@/config/paths';
import { useQuotes } from '../api/get-quotes';
import type { QuoteSide } from '../api/keys';
import { QUOTE_STATUS_LABEL } from './quote-status';

type Tab = QuoteListFilter | 'all';
/** The tabs of each side, first the ones that need the user (a supplier's new requests, a buyer's offers). */
const TABS: Record<QuoteSide, readonly Tab[]> = {
  supplier: ['requested', 'countered', 'offered', 'expiring', 'accepted', 'all'],
  buyer: ['offered', 'requested', 'countered', 'accepted', 'all'],
};
/** A tab is named as its status, except where a side's own name says what it asks of the user. */
const SIDE_LABEL: Record<QuoteSide, Partial<Record<Tab, string>>> = {
  supplier: { requested: 'New requests', offered: 'Awaiting buyer' },
  buyer: { offered: 'Offers to answer' },
};
const labelOf = (side: QuoteSide, tab: Tab) =>
  SIDE_LABEL[side][tab] ?? (tab === 'all' ? 'All' : QUOTE_STATUS_LABEL[tab]);

/** The Quotes page: the buyer's or the supplier's side, a tab per status with its count, newest activity first. */
export function QuotesList() {
  const [params, setParams] = useSearchParams();
  const side: QuoteSide = params.get('as') === 'supplier' ? 'supplier' : 'buyer';
  const tabs = TABS[side];
  const tab = tabs.find((t) => t === params.get('status')) ?? tabs[0]!;
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
      <TabbedList
        tabsLabel="Quotes by status"
        tabs={tabs.map((t) => ({ value: t, label: labelOf(side, t), count: countOf(t) }))}
        selected={tab}
        onSelect={(t) => setParams({ as: side, status: t }, { replace: true })}
        noun="quotes"
        query={quotes}
        items={list}
        renderItem={(q) => <QuoteRow quote={q} side={side} />}
        errorMessage="Failed to load your quotes"
        empty={{
          title: 'No Quotes Here',
          message:
            side === 'buyer'
              ? 'Ask a supplier for a price with Request a quote on a product page.'
              : 'Quote requests from buyers appear here.',
          icon: <FileText className="size-8" aria-hidden="true" />,
        }}
        listClassName="flex flex-col gap-3"
      />
    </div>
  );
}

/** One quote of the list: the other party, its size, status and whose move it is; opens the quote. */
function QuoteRow({ quote: q, side }: { quote: QuoteSummary; side: QuoteSide }) {
  return (
    <Link
      to={paths.quote.getHref(q._id)}
      className="card card-border bg-base-100 transition hover:border-primary focus-visible:outline-2"
    >
      <div className="card-body flex-row flex-wrap items-center justify-between gap-2 p-4">
        <div>
          <p className="font-semibold">{side === 'buyer' ? q.supplier.name : q.buyer.name}</p>
          <p className="text-sm text-base-content/70">
            {q.lineCount} {q.lineCount === 1 ? 'product' : 'products'} · needed by {q.neededBy}
            {q.total !== null && ` · v${q.currentVersion} ${formatUsd(q.total)}`}
          </p>
        </div>
        <div className="flex items-center gap-2">
          {q.turn === q.you && <span className="badge badge-primary">Your move</span>}
          <span className="badge">{QUOTE_STATUS_LABEL[q.status]}</span>
          {q.unread > 0 && (
            <span className="badge border-0 bg-error text-error-content">{q.unread} unread</span>
          )}
        </div>
      </div>
    </Link>
  );
}
