import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface AuthCardProps {
  icon: LucideIcon;
  heading: string;
  subtitle: string;
  /** The line under the card's content that sends the user to the other form: "{prompt} {label}". */
  switchTo: { prompt: string; label: string; to: string };
  children: ReactNode;
}

/** The shell shared by the sign-in and registration pages: icon, heading, subtitle, the other form's link. */
export function AuthCard({ icon: Icon, heading, subtitle, switchTo, children }: AuthCardProps) {
  return (
    <div className="card w-full max-w-md border border-base-300 bg-base-100 shadow-xl">
      <div className="card-body gap-5">
        <header className="text-center">
          <span className="mx-auto mb-3 flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
            <Icon className="size-6" aria-hidden="true" />
          </span>
          <h1 className="text-3xl font-bold">{heading}</h1>
          <p className="mt-1 text-base-content/70">{subtitle}</p>
        </header>

        {children}

        <p className="text-center text-sm">
          {switchTo.prompt}{' '}
          <Link to={switchTo.to} className="link link-primary font-medium">
            {switchTo.label}
          </Link>
        </p>
      </div>
    </div>
  );
}
