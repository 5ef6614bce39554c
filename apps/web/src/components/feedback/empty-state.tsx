import { PackageOpen } from 'lucide-react';
import type { ReactNode } from 'react';

interface EmptyStateProps {
  title: string;
  message?: string;
  /** A link or button that gets the user going again. */
  action?: ReactNode;
  icon?: ReactNode;
}

export function EmptyState({ title, message, action, icon }: EmptyStateProps) {
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center gap-3 px-4 py-16 text-center">
      <span className="flex size-16 items-center justify-center rounded-full bg-base-200 text-base-content/60">
        {icon ?? <PackageOpen className="size-8" aria-hidden="true" />}
      </span>
      <h2 className="text-xl font-semibold">{title}</h2>
      {message && <p className="text-base-content/70">{message}</p>}
      {action && <div className="mt-2">{action}</div>}
    </div>
  );
}
