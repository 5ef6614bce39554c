import type { ReactNode } from 'react';

interface HomeSectionProps {
  /** The heading's id; the section is labelled by it. */
  id: string;
  title: string;
  subtitle: string;
  /** The section's background, for example 'bg-base-200'. */
  className?: string;
  children: ReactNode;
}

/** A home page section: the centred title and subtitle every one opens with, then its content. */
export function HomeSection({ id, title, subtitle, className = '', children }: HomeSectionProps) {
  return (
    <section aria-labelledby={id} className={`py-16 ${className}`}>
      <div className="mx-auto max-w-7xl px-4">
        <div className="mx-auto mb-10 max-w-2xl text-center">
          <h2 id={id} className="text-3xl font-bold sm:text-4xl">
            {title}
          </h2>
          <p className="mt-3 text-base-content/70">{subtitle}</p>
        </div>
        {children}
      </div>
    </section>
  );
}
