import type { InvoiceSnapshot } from '@bulkwise/contracts';

interface Party {
  title: string;
  lines: Array<string | null>;
  taxId: string | null;
}

/** One side of the invoice as issued: names, billing address (its own line breaks kept) and tax id. */
function PartyBlock({ title, lines, taxId }: Party) {
  const shown = lines.filter((l, i): l is string => !!l && lines.indexOf(l) === i);
  return (
    <div>
      <dt className="font-medium">{title}</dt>
      {shown.map((line) => (
        <dd key={line} className="whitespace-pre-line text-base-content/80">
          {line}
        </dd>
      ))}
      {taxId && <dd className="text-base-content/80">Tax id: {taxId}</dd>}
    </div>
  );
}

/**
 * The seller's and the buyer's details as the invoice was issued with them (the snapshot, never the
 * current settings), folded away under a summary so the list stays short.
 */
export function InvoiceParties({ snapshot: s }: { snapshot: InvoiceSnapshot }) {
  return (
    <details className="text-sm">
      <summary className="cursor-pointer text-base-content/80">
        Seller and billing details<span className="sr-only"> of invoice {s.number}</span>
      </summary>
      <dl className="mt-2 grid gap-3 sm:grid-cols-2">
        <PartyBlock
          title="Seller"
          lines={[s.seller.legalName, s.seller.name, s.seller.billingAddress]}
          taxId={s.seller.taxId}
        />
        <PartyBlock
          title="Bill to"
          lines={[s.buyer.companyName, s.buyer.name, s.buyer.billingAddress]}
          taxId={s.buyer.taxId}
        />
      </dl>
    </details>
  );
}
