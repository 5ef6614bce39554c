import { Boxes } from 'lucide-react';
import { BRAND } from '@/config/messages';
import { Spinner } from './spinner';

/**
 * The full-screen loading overlay of the first two seconds (spec sections 2 and 9). `data-state` says
 * whether the app beneath is still starting (its first auth state unknown) or ready, waiting only for
 * the overlay's own time: the browser journeys skip that time, and only that.
 */
export function StartupOverlay({ appReady = false }: { appReady?: boolean }) {
  return (
    <div
      data-testid="startup-overlay"
      data-state={appReady ? 'app-ready' : 'starting'}
      className="fixed inset-0 z-[100] flex flex-col items-center justify-center gap-6 bg-base-100"
      aria-busy="true"
    >
      <div className="flex items-center gap-3 text-3xl font-bold text-primary">
        <Boxes className="size-10" aria-hidden="true" />
        <span>{BRAND}</span>
      </div>
      <Spinner size="xl" />
    </div>
  );
}
