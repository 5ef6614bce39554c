import { useQueryClient } from '@tanstack/react-query';
import { FileText } from 'lucide-react';
import { useParams } from 'react-router';
import { EmptyState } from '@/components/feedback/empty-state';
import { ErrorState } from '@/components/feedback/error-state';
import { PageSpinner } from '@/components/feedback/spinner';
import { PageSection } from '@/components/layout/page-section';
import { paths } from '@/config/paths';
import { purchaseKeys } from '@/features/purchases/api/keys';
import { useQuote } from '@/features/quotes/api/get-quote';
import { QuoteView } from '@/features/quotes/components/quote-view';
import { Thread } from '@/features/threads/components/thread';
import { ApiError } from '@/lib/api-client';
import { usePageTitle } from '@/lib/page-title';

/** Composes the quote (quotes) with its conversation (threads). */
export function Component() {
  const { id = '' } = useParams();
  const quote = useQuote(id);
  const queryClient = useQueryClient();
  usePageTitle(quote.data ? `Quote from ${quote.data.supplier.name}` : 'Quote');
  return (
    <PageSection
      id="quote-title"
      title="Quote"
      icon={FileText}
      subtitle={quote.data ? `${quote.data.supplier.name} · requested by ${quote.data.buyer.name}` : ''}
    >
      {quote.isPending ? (
        <PageSpinner />
      ) : quote.isError ? (
        quote.error instanceof ApiError && quote.error.status === 404 ? (
          <EmptyState
            title="Quote Not Found"
            message="This quote does not exist or is not yours."
            link={{ to: paths.quotes.getHref(), label: 'Your quotes' }}
          />
        ) : (
          <ErrorState message="Failed to load the quote" />
        )
      ) : (
        <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
          <QuoteView
            quote={quote.data}
            fetchedAt={quote.dataUpdatedAt}
            onAccepted={() => void queryClient.invalidateQueries({ queryKey: purchaseKeys.carts() })}
          />
          <Thread subject="quote" id={quote.data._id} />
        </div>
      )}
    </PageSection>
  );
}
