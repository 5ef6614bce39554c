import { formatUsd, type Quote } from '@bulkwise/contracts';

/** Every line of the quote, with the request and every version side by side (scrolls on small screens). */
export function QuoteVersions({ quote }: { quote: Quote }) {
  return (
    <div
      className="overflow-x-auto rounded-box border border-base-300"
      tabIndex={0}
      aria-label="Lines and versions (scrolls sideways)"
    >
      <table className="table table-sm">
        <caption className="sr-only">
          The requested lines and every offer and counter, oldest to newest
        </caption>
        <VersionsHead quote={quote} />
        <tbody>
          {quote.lines.map((line) => (
            <LineRow key={line.productId} quote={quote} line={line} />
          ))}
        </tbody>
        {quote.versions.length > 0 && <VersionsTotals versions={quote.versions} />}
      </table>
    </div>
  );
}

/** The column heads: the product, the request, then every version with the current one marked. */
function VersionsHead({ quote }: { quote: Quote }) {
  return (
    <thead>
      <tr>
        <th scope="col">Product</th>
        <th scope="col">Requested</th>
        {quote.versions.map((v) => (
          <th key={v.number} scope="col" className={v.number === quote.currentVersion ? 'bg-base-200' : ''}>
            v{v.number} · {v.by === 'supplier' ? 'Offer' : 'Counter'}
            {v.number === quote.currentVersion && (
              <span className="badge badge-primary badge-xs ml-1">current</span>
            )}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/** One requested line: its quantity and target, then its quantity and price in every version. */
function LineRow({ quote, line }: { quote: Quote; line: Quote['lines'][number] }) {
  return (
    <tr>
      <th scope="row" className="font-medium">
        {line.name}
      </th>
      <td>
        {line.quantity}
        {line.targetUnitPrice !== null && (
          <span className="block text-xs text-base-content/70">target {formatUsd(line.targetUnitPrice)}</span>
        )}
      </td>
      {quote.versions.map((v) => {
        const priced = v.lines.find((l) => l.productId === line.productId);
        return (
          <td key={v.number} className={v.number === quote.currentVersion ? 'bg-base-200' : ''}>
            {priced ? (
              <>
                {priced.quantity} × {formatUsd(priced.unitPrice)}
                <span className="block text-xs text-base-content/70">{formatUsd(priced.total)}</span>
              </>
            ) : (
              '—'
            )}
          </td>
        );
      })}
    </tr>
  );
}

/** Every version's total and note. */
function VersionsTotals({ versions }: Pick<Quote, 'versions'>) {
  return (
    <tfoot>
      <tr>
        <th scope="row" colSpan={2}>
          Total
        </th>
        {versions.map((v) => (
          <td key={v.number} className="font-semibold">
            {formatUsd(v.total)}
            {v.note && (
              <span className="block max-w-48 text-xs font-normal break-words whitespace-pre-wrap" dir="auto">
                “{v.note}”
              </span>
            )}
          </td>
        ))}
      </tr>
    </tfoot>
  );
}

/** "2 days 3 hours left", from the server's time of the answer plus what passed since. */
export function timeLeft(validUntil: string | null, serverNow: string, fetchedAt: number): string | null {
  if (!validUntil) return null;
  const ms = new Date(validUntil).getTime() - (new Date(serverNow).getTime() + (Date.now() - fetchedAt));
  if (ms <= 0) return 'Expired';
  const hours = Math.floor(ms / 3_600_000);
  const days = Math.floor(hours / 24);
  if (days > 0) return `${days} ${days === 1 ? 'day' : 'days'} ${hours % 24} h left`;
  const minutes = Math.floor((ms % 3_600_000) / 60_000);
  return hours > 0 ? `${hours} h ${minutes} min left` : `${minutes} min left`;
}
