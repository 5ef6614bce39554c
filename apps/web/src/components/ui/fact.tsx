import type { ReactNode } from 'react';

interface FactProps {
  term: string;
  children: ReactNode;
  /** The row's layout, for example 'flex justify-between gap-4' in a summary. */
  className?: string;
  /** The value's look; plain medium weight unless given. */
  valueClassName?: string;
  testId?: string;
}

/** One term and its value in a <dl>: the figures of a card or a summary. */
export function Fact({ term, children, className, valueClassName = 'font-medium', testId }: FactProps) {
  return (
    <div className={className}>
      <dt className="text-base-content/70">{term}</dt>
      <dd className={valueClassName} data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}
