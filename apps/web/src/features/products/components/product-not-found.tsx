import { PackageX } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

export function ProductNotFound() {
  return (
    <section className="mx-auto flex max-w-lg flex-col items-center gap-4 px-4 py-20 text-center">
      <span className="flex size-16 items-center justify-center rounded-full bg-base-200 text-base-content/60">
        <PackageX className="size-8" aria-hidden="true" />
      </span>
      <h1 className="text-2xl font-bold">Product Not Found</h1>
      <p className="text-base-content/70">This product does not exist or is no longer listed.</p>
      <Link to={paths.categories.getHref()} className="btn btn-primary">
        Browse Categories
      </Link>
    </section>
  );
}
