import { House } from 'lucide-react';
import { Link } from 'react-router';
import { NOT_FOUND_MESSAGES } from '@/config/messages';
import { paths } from '@/config/paths';
import { usePageTitle } from '@/lib/page-title';

export function Component() {
  usePageTitle(NOT_FOUND_MESSAGES.title);
  return (
    <section className="flex min-h-[60vh] flex-col items-center justify-center gap-4 px-4 py-16 text-center">
      <p className="text-7xl font-extrabold text-primary" aria-hidden="true">
        404
      </p>
      <h1 className="text-3xl font-bold">{NOT_FOUND_MESSAGES.title}</h1>
      <p className="max-w-md text-base-content/70">{NOT_FOUND_MESSAGES.text}</p>
      <Link to={paths.home.getHref()} className="btn btn-primary">
        <House className="size-4" aria-hidden="true" />
        {NOT_FOUND_MESSAGES.back}
      </Link>
    </section>
  );
}
