import type { ReactNode } from 'react';

// Whole class names, so Tailwind finds them in the source.
const TITLE_CLASS = {
  account: 'text-lg font-semibold',
  invoice: 'font-mono text-base font-semibold',
} as const;

interface TradeCardProps {
  kind: keyof typeof TITLE_CLASS;
  /** The record's id: the heading's id is '{kind}-{id}', and the card is labelled by it. */
  id: string;
  title: ReactNode;
  /** The status badge beside the title. */
  status: ReactNode;
  children: ReactNode;
}

/** A trade account's or an invoice's card: its title and status on one line, then its content. */
export function TradeCard({ kind, id, title, status, children }: TradeCardProps) {
  const headingId = `${kind}-${id}`;
  return (
    <article
      className="card border border-base-300 bg-base-100 shadow-sm"
      aria-labelledby={headingId}
      data-testid={`${kind}-card`}
    >
      <div className="card-body gap-3 p-4 sm:p-5">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 id={headingId} className={TITLE_CLASS[kind]}>
            {title}
          </h3>
          {status}
        </div>
        {children}
      </div>
    </article>
  );
}
