import { PackageOpen } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface EmptyStateProps {
  title: string;
  message?: string;
  /** A link or button that gets the user going again. */
  action?: ReactNode;
  /** The usual action: a primary button-link (its label may start with a decorative icon). */
  link?: { to: string; label: ReactNode };
  icon?: ReactNode;
}

export function EmptyState({ title, message, action, link, icon }: EmptyStateProps) {
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center gap-3 px-4 py-16 text-center">
      <span className="flex size-16 items-center justify-center rounded-full bg-base-200 text-base-content/60">
        {icon ?? <PackageOpen className="size-8" aria-hidden="true" />}
      </span>
      <h2 className="text-xl font-semibold">{title}</h2>
      {message && <p className="text-base-content/70">{message}</p>}
      {(action || link) && (
        <div className="mt-2">
          {action}
          {link && (
            <Link to={link.to} className="btn btn-primary">
              {link.label}
            </Link>
          )}
        </div>
      )}
    </div>
  );
}
