import type { ReactNode } from 'react';

interface FactProps {
  term: string;
  children: ReactNode;
  /** The row's layout, for example 'flex justify-between gap-4' in a summary. */
  className?: string;
  /** The term's look; muted unless given. */
  termClassName?: string;
  /** The value's look; plain medium weight unless given. */
  valueClassName?: string;
  testId?: string;
}

/** One term and its value in a <dl>: the figures of a card or a summary. */
export function Fact(props: FactProps) {
  const {
    term,
    children,
    className,
    termClassName = 'text-base-content/70',
    valueClassName = 'font-medium',
    testId,
  } = props;
  return (
    <div className={className}>
      <dt className={termClassName}>{term}</dt>
      <dd className={valueClassName} data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}
