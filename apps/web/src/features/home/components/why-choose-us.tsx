import { BadgePercent, Headset, Lock, ShieldCheck } from 'lucide-react';
import { BRAND } from '@/config/messages';
import { STATS, TRUST_CARDS } from '../content';
import { HomeSection } from './home-section';

const ICONS = { verified: ShieldCheck, pricing: BadgePercent, secure: Lock, support: Headset } as const;

export function WhyChooseUs() {
  return (
    <HomeSection
      id="why-heading"
      title={`Why Businesses Choose ${BRAND}`}
      subtitle="Everything a wholesale buyer needs, in one marketplace"
      className="bg-base-200"
    >
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {TRUST_CARDS.map((card) => {
          const Icon = ICONS[card.icon];
          return (
            <li key={card.title} className="card border border-base-300 bg-base-100 shadow-sm">
              <div className="card-body items-center text-center">
                <span className="mb-2 flex size-14 items-center justify-center rounded-full bg-primary/10 text-primary">
                  <Icon className="size-7" aria-hidden="true" />
                </span>
                <h3 className="card-title text-lg">{card.title}</h3>
                <p className="text-sm text-base-content/70">{card.text}</p>
              </div>
            </li>
          );
        })}
      </ul>
      <dl className="mt-12 grid grid-cols-1 gap-6 rounded-2xl bg-indigo-700 px-6 py-8 text-center text-white sm:grid-cols-3">
        {STATS.map((stat) => (
          <div key={stat.label} className="flex flex-col-reverse">
            <dt className="mt-1 text-sm font-medium tracking-wide text-indigo-100 uppercase">{stat.label}</dt>
            <dd className="text-4xl font-extrabold">{stat.value}</dd>
          </div>
        ))}
      </dl>
    </HomeSection>
  );
}
