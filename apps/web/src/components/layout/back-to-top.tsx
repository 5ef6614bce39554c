import { ArrowUp } from 'lucide-react';
import { useEffect, useState } from 'react';
import { TIMINGS } from '@/config/timings';

/** Appears after 200 px of scrolling (spec section 9). */
export function BackToTop() {
  const [visible, setVisible] = useState(() => window.scrollY > TIMINGS.backToTopPx);

  useEffect(() => {
    const update = () => setVisible(window.scrollY > TIMINGS.backToTopPx);
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, []);

  if (!visible) return null;
  return (
    <button
      type="button"
      className="btn btn-primary btn-circle fixed bottom-6 right-6 z-40 shadow-lg"
      aria-label="Back to top"
      onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
    >
      <ArrowUp className="size-5" aria-hidden="true" />
    </button>
  );
}
