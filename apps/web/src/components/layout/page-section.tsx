import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { usePageTitle } from '@/lib/page-title';

/** What heads a signed-in page: the heading's id, its title (also the tab's), icon and subtitle. */
export interface PageHead {
  id: string;
  title: string;
  icon: LucideIcon;
  subtitle: string;
}

interface PageSectionProps extends PageHead {
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

type TitledPageProps = Omit<PageSectionProps, keyof PageHead> & { head: PageHead };

/** A signed-in page whose tab carries its heading's title: a {@link PageSection} that sets the page title. */
export function TitledPage({ head, ...rest }: TitledPageProps) {
  usePageTitle(head.title);
  return <PageSection {...head} {...rest} />;
}

/** A page that centres one card (sign-in, registration) under the navbar and names the tab after it. */
export function CenteredPage({ title, children }: { title: string; children: ReactNode }) {
  usePageTitle(title);
  return (
    <div className="flex min-h-[calc(100vh-var(--nav-height))] items-center justify-center bg-base-200 px-4 py-12">
      {children}
    </div>
  );
}
