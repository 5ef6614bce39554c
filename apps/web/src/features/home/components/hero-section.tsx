import { lazy, Suspense, useEffect, useState } from 'react';
import { whenIdle } from '@/lib/idle';
import { HERO_SLIDES } from '../content';
import { HeroSlideContent } from './hero-slide';

// Swiper (about 90 KB) arrives in its own chunk once the page has painted and gone idle: the first
// slide stands in until then, at the same size, and the first autoplay move is 5 s away anyway.
const HeroSlider = lazy(() => import('./hero-slider'));

function useAfterFirstPaint(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => whenIdle(() => setReady(true), 1000), []);
  return ready;
}

export function HeroSection() {
  const sliderWanted = useAfterFirstPaint();
  const firstSlide = <HeroSlideContent slide={HERO_SLIDES[0]!} />;
  return (
    <section
      aria-roledescription="carousel"
      aria-label="Featured deals"
      className="relative h-[calc(90vh-var(--nav-height))] min-h-[26rem] overflow-hidden bg-neutral"
    >
      {sliderWanted ? (
        <Suspense fallback={firstSlide}>
          <HeroSlider />
        </Suspense>
      ) : (
        firstSlide
      )}
    </section>
  );
}
