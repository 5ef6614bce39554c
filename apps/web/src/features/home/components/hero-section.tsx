import { lazy, Suspense } from 'react';
import { HERO_SLIDES } from '../content';
import { HeroSlideContent } from './hero-slide';

// Swiper arrives in its own chunk; until then the first slide stands in, at the same size.
const HeroSlider = lazy(() => import('./hero-slider'));

export function HeroSection() {
  return (
    <section
      aria-roledescription="carousel"
      aria-label="Featured deals"
      className="relative h-[calc(90vh-var(--nav-height))] min-h-[26rem] overflow-hidden bg-neutral"
    >
      <Suspense fallback={<HeroSlideContent slide={HERO_SLIDES[0]!} />}>
        <HeroSlider />
      </Suspense>
    </section>
  );
}
