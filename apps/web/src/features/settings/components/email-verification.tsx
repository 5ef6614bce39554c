import { BadgeCheck, MailWarning } from 'lucide-react';
import { VerificationSteps, type VerificationStepsProps } from './verification-steps';

/** The address, whether it is verified, and what the verification steps need. */
interface EmailVerificationProps extends VerificationStepsProps {
  email: string;
  verified: boolean;
}

/**
 * The user's address and whether it is verified; unverified, the way to verify it: a link by email,
 * then "I have verified it" (for a link opened in another tab or device).
 */
export function EmailVerification({ email, verified, ...steps }: EmailVerificationProps) {
  return (
    <section
      aria-labelledby="email-address-title"
      className="card border border-base-300 bg-base-100 shadow-sm"
    >
      <div className="card-body gap-3">
        <h2 id="email-address-title" className="flex items-center gap-2 text-lg font-semibold">
          {verified ? (
            <BadgeCheck className="size-5 text-success" aria-hidden="true" />
          ) : (
            <MailWarning className="size-5 text-warning" aria-hidden="true" />
          )}
          Email address
        </h2>
        <p className="break-words">
          {email}{' '}
          {verified ? (
            <span className="badge badge-success badge-sm align-middle">Verified</span>
          ) : (
            <span className="badge badge-warning badge-sm align-middle">Not verified</span>
          )}
        </p>
        {!verified && <VerificationSteps {...steps} />}
      </div>
    </section>
  );
}
