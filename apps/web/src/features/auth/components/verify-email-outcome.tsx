import { BadgeCheck, RotateCcw, TriangleAlert } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

/** The link cannot be used: it has no code, or Firebase refused the code (then it may be tried again). */
export function VerifyEmailFailed({ missingCode, onRetry }: { missingCode: boolean; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-center gap-4">
      <TriangleAlert className="size-10 text-error" aria-hidden="true" />
      <p className="text-base-content/80">
        {missingCode
          ? 'This link is incomplete. Open the link from the email again, or ask for a new one in Settings.'
          : 'This verification link is invalid, expired or already used. Ask for a new one in Settings.'}
      </p>
      <div className="flex flex-wrap justify-center gap-2">
        {!missingCode && (
          <button type="button" className="btn btn-primary" onClick={onRetry}>
            <RotateCcw className="size-4" aria-hidden="true" />
            Try Again
          </button>
        )}
        <Link to={paths.settings.getHref()} className="btn btn-outline">
          Open Settings
        </Link>
      </div>
    </div>
  );
}

/** The address is verified: back to Settings when signed in, else to sign in. */
export function VerifyEmailDone({ signedIn }: { signedIn: boolean }) {
  return (
    <div role="status" className="flex flex-col items-center gap-4">
      <BadgeCheck className="size-10 text-success" aria-hidden="true" />
      <p className="text-lg font-medium">Your email address is verified.</p>
      <p className="text-base-content/80">
        {signedIn ? 'Order emails will reach you from now on.' : 'Sign in to continue.'}
      </p>
      <Link to={signedIn ? paths.settings.getHref() : paths.login.getHref()} className="btn btn-primary">
        {signedIn ? 'Back to Settings' : 'Sign in'}
      </Link>
    </div>
  );
}
