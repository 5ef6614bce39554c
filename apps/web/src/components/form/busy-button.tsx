import type { ComponentProps, ReactNode } from 'react';

interface BusyButtonProps extends ComponentProps<'button'> {
  /** While true the button is disabled and shows a spinner; its accessible name stays a text. */
  busy: boolean;
  /** The text while busy (for example 'Creating Account...'); without it the text does not change. */
  busyLabel?: ReactNode;
  /** Shown before the text when idle; the spinner takes its place while busy. */
  icon?: ReactNode;
}

/**
 * The one button-with-spinner. `disabled` stays separate from `busy` so a form with two actions can
 * disable both while only the one in progress spins.
 */
export function BusyButton({
  busy,
  busyLabel,
  icon,
  disabled,
  type = 'button',
  children,
  ...props
}: BusyButtonProps) {
  return (
    <button type={type} disabled={busy || disabled} aria-busy={busy || undefined} {...props}>
      {busy ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : icon}
      {busy && busyLabel !== undefined ? busyLabel : children}
    </button>
  );
}
