const TONES = {
  error: 'border-0 bg-error text-error-content',
  warning: 'border-0 bg-warning text-warning-content',
  info: 'badge-info',
};

interface CountBadgeProps {
  count: number;
  tone: keyof typeof TONES;
  /** What the count is of, read after it by screen readers ('new orders'). */
  label: string;
  testId: string;
}

/** A count beside a navigation link, shown up to '99+'; nothing when it is zero. */
export function CountBadge({ count, tone, label, testId }: CountBadgeProps) {
  if (count === 0) return null;
  return (
    <span className={`badge badge-sm ${TONES[tone]}`} data-testid={testId}>
      {count > 99 ? '99+' : count}
      <span className="sr-only"> {label}</span>
    </span>
  );
}
