import { Quote } from 'lucide-react';
import { Thumbnail } from '@/components/ui/image-with-fallback';
import { RatingStars } from '@/components/ui/rating-stars';
import { TESTIMONIALS } from '../content';
import { HomeSection } from './home-section';

export function Testimonials() {
  return (
    <HomeSection
      id="testimonials-heading"
      title="What Our Clients Say"
      subtitle="Retailers and businesses that source their stock on Bulkwise"
    >
      <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {TESTIMONIALS.map((t) => (
          <li key={t.name} className="card border border-base-300 bg-base-100 shadow-sm">
            <div className="card-body gap-4">
              <div className="flex items-center justify-between">
                <RatingStars rating={t.rating} />
                <Quote className="size-8 text-primary/30" aria-hidden="true" />
              </div>
              <blockquote className="flex-1 text-base-content/80">“{t.text}”</blockquote>
              <div className="flex items-center gap-3">
                <Thumbnail src={t.image} alt={t.name} size={48} className="size-12 rounded-full" />
                <span>
                  <span className="block font-semibold">{t.name}</span>
                  <span className="block text-sm text-base-content/70">
                    {t.position}, {t.company}
                  </span>
                </span>
              </div>
            </div>
          </li>
        ))}
      </ul>
    </HomeSection>
  );
}
