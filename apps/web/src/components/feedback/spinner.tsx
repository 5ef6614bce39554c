const SIZES = { sm: 'loading-sm', md: 'loading-md', lg: 'loading-lg', xl: 'loading-xl' } as const;

interface SpinnerProps {
  size?: keyof typeof SIZES;
  className?: string;
  /** Accessible name; the spec's pages only need 'Loading'. */
  label?: string;
}

export function Spinner({ size = 'lg', className = '', label = 'Loading' }: SpinnerProps) {
  return (
    <span
      role="status"
      aria-label={label}
      className={`loading loading-spinner text-primary ${SIZES[size]} ${className}`}
    />
  );
}

/**
 * A spinner centred in the page area while a page's data loads. It fills the viewport below the
 * navbar so the footer starts out of view: the page that replaces it then pushes nothing visible
 * (a footer jumping down counted as a layout shift of most of the screen).
 */
export function PageSpinner() {
  return (
    <div className="flex min-h-[calc(100vh-var(--nav-height))] items-center justify-center">
      <Spinner size="xl" />
    </div>
  );
}
