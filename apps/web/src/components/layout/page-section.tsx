import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

interface PageSectionProps {
  /** The heading's id; the section is labelled by it. */
  id: string;
  title: string;
  icon: LucideIcon;
  subtitle: string;
  /** The page's width: 'max-w-6xl' for lists, narrower for a form. */
  width?: 'max-w-6xl' | 'max-w-2xl';
  /** Controls under the subtitle (for example a filter). */
  extra?: ReactNode;
  children: ReactNode;
}

/** A signed-in page: its titled header with icon and subtitle, then its content. */
export function PageSection({
  id,
  title,
  icon: Icon,
  subtitle,
  width = 'max-w-6xl',
  extra,
  children,
}: PageSectionProps) {
  return (
    <section className={`container mx-auto ${width} px-4 py-8 sm:py-12`} aria-labelledby={id}>
      <header className="mb-8">
        <h1 id={id} className="flex items-center gap-3 text-3xl font-bold">
          <Icon className="size-8 text-primary" aria-hidden="true" />
          {title}
        </h1>
        <p className="mt-1 text-base-content/70">{subtitle}</p>
        {extra}
      </header>
      {children}
    </section>
  );
}
