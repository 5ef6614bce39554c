import { useCallback, useEffect, useState, type ComponentType } from 'react';
import { ErrorState } from '@/components/feedback/error-state';
import { StartupOverlay } from '@/components/feedback/startup-overlay';
import { TIMINGS } from '@/config/timings';

export interface AppProps {
  /** Called once the first auth state is known and the app has rendered beneath the overlay. */
  onAuthReady: () => void;
}

interface AppModule {
  App: ComponentType<AppProps>;
}

/**
 * The first paint is only the startup overlay (spec sections 2 and 9: full screen, at least two
 * seconds). The app itself (router, layout, data layer) arrives in its own chunk while the
 * overlay shows, and renders beneath it once the first auth state is known.
 */
export function Boot({ app }: { app: Promise<AppModule> }) {
  const [App, setApp] = useState<ComponentType<AppProps> | null>(null);
  const [failed, setFailed] = useState(false);
  const [authReady, setAuthReady] = useState(false);
  const [overlayTimeUp, setOverlayTimeUp] = useState(false);

  useEffect(() => {
    const timer = window.setTimeout(() => setOverlayTimeUp(true), TIMINGS.startupOverlayMs);
    return () => window.clearTimeout(timer);
  }, []);

  useEffect(() => {
    let live = true;
    app.then(
      (module) => live && setApp(() => module.App),
      (err: unknown) => {
        console.error('The app failed to load', err);
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [app]);

  const onAuthReady = useCallback(() => setAuthReady(true), []);

  if (failed) {
    return (
      <main className="flex min-h-screen items-center justify-center bg-base-100 text-base-content">
        <ErrorState message="Bulkwise could not load. Check your connection and try again." />
      </main>
    );
  }
  return (
    <>
      {App && <App onAuthReady={onAuthReady} />}
      {(!authReady || !overlayTimeUp) && <StartupOverlay appReady={authReady} />}
    </>
  );
}
