import type { Order } from '@bulkwise/contracts';
import { formatDateTime } from '@/lib/dates';
import { STATUS_LABEL } from '../order-labels';

/** The order's moves so far, oldest first, folded away. */
export function OrderHistory({ history }: { history: Order['history'] }) {
  return (
    <details>
      <summary className="cursor-pointer text-base-content/70">History</summary>
      <ol className="mt-1 list-inside list-decimal">
        {history.map((entry) => (
          <li key={`${entry.status}-${entry.at}`}>
            {STATUS_LABEL[entry.status]} by the {entry.by},{' '}
            <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
          </li>
        ))}
      </ol>
    </details>
  );
}
