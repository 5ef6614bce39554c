import { FeaturedCategories } from '@/features/categories/components/featured-categories';
import { HeroSection } from '@/features/home/components/hero-section';
import { SpecialOffers } from '@/features/home/components/special-offers';
import { Testimonials } from '@/features/home/components/testimonials';
import { WhyChooseUs } from '@/features/home/components/why-choose-us';
import { usePageTitle } from '@/lib/page-title';

/** Spec section 2, Home: the five sections in order. */
export function Component() {
  usePageTitle('Home');
  return (
    <>
      <h1 className="sr-only">Home</h1>
      <HeroSection />
      <FeaturedCategories />
      <SpecialOffers />
      <Testimonials />
      <WhyChooseUs />
    </>
  );
}
