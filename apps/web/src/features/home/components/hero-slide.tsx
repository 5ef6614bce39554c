import { ShoppingBag } from 'lucide-react';
import type { HeroSlide } from '../content';

/**
 * One slide: the art fills the banner and a dark gradient keeps the white text readable on every
 * slide. Slides that are faded out are inert, so their buttons are neither tabbable nor announced.
 */
export function HeroSlideContent({ slide, active = true }: { slide: HeroSlide; active?: boolean }) {
  return (
    <div className="relative h-full w-full" inert={!active} data-active={active}>
      <img
        src={slide.image}
        alt=""
        className="absolute inset-0 h-full w-full object-cover"
        fetchPriority={slide.id === 1 ? 'high' : 'auto'}
        decoding="async"
      />
      <div
        className="absolute inset-0 bg-gradient-to-r from-black/75 via-black/45 to-black/10"
        aria-hidden="true"
      />
      <div className="relative mx-auto flex h-full max-w-7xl items-center px-6 sm:px-10">
        <div className="max-w-xl text-white">
          <p className="mb-3 inline-block rounded-full bg-white/15 px-4 py-1 text-sm font-semibold tracking-wide uppercase backdrop-blur-sm sm:text-base">
            {slide.subtitle}
          </p>
          <h2 className="text-4xl leading-tight font-extrabold drop-shadow sm:text-5xl lg:text-6xl">
            {slide.title}
          </h2>
          <p className="mt-4 text-base text-white/90 sm:text-lg">{slide.description}</p>
          {/* The spec gives 'Shop Now' no destination: a plain button. */}
          <button type="button" className="btn btn-primary btn-lg mt-8">
            <ShoppingBag className="size-5" aria-hidden="true" />
            Shop Now
          </button>
        </div>
      </div>
    </div>
  );
}
