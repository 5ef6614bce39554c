import { Autoplay, EffectFade } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import 'swiper/css';
import 'swiper/css/effect-fade';
import { TIMINGS } from '@/config/timings';
import { HERO_SLIDES } from '../content';
import { HeroSlideContent } from './hero-slide';

/** Spec section 9: fade, 5 s autoplay that interaction does not stop, 1 s transition, looping. */
export default function HeroSlider() {
  return (
    <Swiper
      modules={[EffectFade, Autoplay]}
      effect="fade"
      fadeEffect={{ crossFade: true }}
      autoplay={{ delay: TIMINGS.heroAutoplayMs, disableOnInteraction: false }}
      speed={TIMINGS.heroTransitionMs}
      loop
      className="h-full"
    >
      {HERO_SLIDES.map((slide) => (
        <SwiperSlide key={slide.id}>
          {({ isActive }) => <HeroSlideContent slide={slide} active={isActive} />}
        </SwiperSlide>
      ))}
    </Swiper>
  );
}
