import type { ComponentProps, ReactNode } from 'react';

interface BusyButtonProps extends ComponentProps<'button'> {
  /** While true the button is disabled and shows a spinner; its accessible name stays a text. */
  busy: boolean;
  /** The text while busy (for example 'Creating Account...'); without it the text does not change. */
  busyLabel?: ReactNode;
  /** Shown before the text when idle; the spinner takes its place while busy. */
  icon?: ReactNode;
  /** The spinner's size: 'xs' inside a small button. */
  spinner?: 'xs' | 'sm';
  /**
   * False keeps the button enabled while busy (the click handler ignores repeats), so keyboard focus
   * stays on it instead of falling back to the page.
   */
  disableWhileBusy?: boolean;
}

// Whole class names, so Tailwind finds them in the source.
const SPINNER_SIZES = { xs: 'loading-xs', sm: 'loading-sm' } as const;

/**
 * The one button-with-spinner. `disabled` stays separate from `busy` so a form with two actions can
 * disable both while only the one in progress spins.
 */
export function BusyButton({
  busy,
  busyLabel,
  icon,
  spinner = 'sm',
  disableWhileBusy = true,
  disabled,
  type = 'button',
  children,
  ...props
}: BusyButtonProps) {
  return (
    <button
      type={type}
      disabled={(busy && disableWhileBusy) || disabled}
      aria-busy={busy || undefined}
      {...props}
    >
      {busy ? (
        <span className={`loading loading-spinner ${SPINNER_SIZES[spinner]}`} aria-hidden="true" />
      ) : (
        icon
      )}
      {busy && busyLabel !== undefined ? busyLabel : children}
    </button>
  );
}
