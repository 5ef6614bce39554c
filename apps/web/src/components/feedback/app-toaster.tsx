import { useEffect } from 'react';
import toast, { Toaster, useToasterStore } from 'react-hot-toast';
import { TIMINGS } from '@/config/timings';

/** Top-right toasts with the spec's durations (section 9), never more than 20 on screen. */
export function AppToaster() {
  const { toasts } = useToasterStore();

  useEffect(() => {
    // The store lists the newest first, so the oldest ones are dismissed.
    toasts
      .filter((t) => t.visible)
      .slice(TIMINGS.maxToasts)
      .forEach((t) => toast.dismiss(t.id));
  }, [toasts]);

  return (
    <Toaster
      position="top-right"
      containerStyle={{ top: 'calc(var(--nav-height) + 0.5rem)' }}
      toastOptions={{
        style: { background: 'var(--color-base-100)', color: 'var(--color-base-content)' },
        className: 'border border-base-300 shadow-lg',
        blank: { duration: TIMINGS.toastBlankMs },
        error: { duration: TIMINGS.toastErrorMs },
        success: { duration: TIMINGS.toastSuccessMs },
        loading: { duration: Infinity },
      }}
    />
  );
}
