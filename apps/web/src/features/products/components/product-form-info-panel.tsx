import { BadgeCheck, ClipboardList, Globe, ShieldCheck, Truck, Users, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { BRAND } from '@/config/messages';

const BENEFITS = [
  {
    icon: Users,
    title: 'Reach business buyers',
    text: 'Retailers and companies browse by category and order in bulk.',
  },
  {
    icon: ShieldCheck,
    title: 'Secure transactions',
    text: 'Every order is tied to a signed-in buyer account.',
  },
  {
    icon: Truck,
    title: 'Reliable logistics',
    text: 'Buyers give a shipping address and phone number with each order.',
  },
  {
    icon: Globe,
    title: 'One shelf, many markets',
    text: 'Manage, update or remove your listings at any time.',
  },
] as const;

const GUIDELINES = [
  'Use a clear product photo hosted at an http(s) address.',
  'Keep the main quantity equal to the units you can ship today.',
  'Set a minimum selling quantity that matches your bulk unit (a carton, a pallet).',
  'Quote the price per unit in US dollars, with at most 2 decimals.',
  'Choose the closest of the seven categories so buyers can find you.',
  'Describe materials, sizes and packaging: buyers order by the case.',
] as const;

/** A bordered section of the panel, labelled by its heading with an icon. */
function PanelSection(props: { id: string; icon: LucideIcon; title: string; children: ReactNode }) {
  const { id, icon: Icon, title, children } = props;
  return (
    <section aria-labelledby={id} className="rounded-box border border-base-300 bg-base-100 p-6">
      <h2 id={id} className="flex items-center gap-2 text-lg font-semibold">
        <Icon className="size-5 text-primary" aria-hidden="true" />
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Beside the add form: why list here and how to list well (spec section 2). */
export function ProductFormInfoPanel() {
  return (
    <aside aria-labelledby="sell-info-title" className="flex flex-col gap-6">
      <section className="rounded-box bg-primary p-6 text-primary-content dark:bg-indigo-800 dark:text-white">
        <h2 id="sell-info-title" className="text-xl font-bold">
          Sell wholesale on {BRAND}
        </h2>
        <p className="mt-2 text-sm">
          {BRAND} is a wholesale platform connecting suppliers with business buyers. List your stock once and
          let retailers and companies buy it in bulk.
        </p>
      </section>

      <PanelSection id="sell-benefits-title" icon={BadgeCheck} title="Benefits">
        <ul className="mt-4 flex flex-col gap-4">
          {BENEFITS.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex gap-3">
              <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
                <Icon className="size-4" aria-hidden="true" />
              </span>
              <div>
                <p className="font-medium">{title}</p>
                <p className="text-sm text-base-content/70">{text}</p>
              </div>
            </li>
          ))}
        </ul>
      </PanelSection>

      <PanelSection id="sell-guidelines-title" icon={ClipboardList} title="Wholesale guidelines">
        <ol className="mt-4 list-decimal space-y-2 pl-5 text-sm text-base-content/80">
          {GUIDELINES.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ol>
      </PanelSection>
    </aside>
  );
}
