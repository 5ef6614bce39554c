export interface VerificationStepsProps {
  /** The address a link was just sent to (this visit), or null. */
  sentTo: string | null;
  sending: boolean;
  checking: boolean;
  onSend: () => void;
  onCheck: () => void;
}

/** Why to verify, then the link by email and "I have verified it" once a link was sent. */
export function VerificationSteps({ sentTo, sending, checking, onSend, onCheck }: VerificationStepsProps) {
  return (
    <>
      <p className="text-sm text-base-content/75">
        Verify your email so order emails reach you. Until then suppliers see your address marked as
        unverified, and Bulkwise sends it no order emails.
      </p>
      <div role="status" aria-live="polite">
        {sentTo && (
          <p className="text-sm font-medium">
            We sent a verification link to {sentTo}. Open it, then come back here.
          </p>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn btn-primary btn-sm" disabled={sending} onClick={onSend}>
          {sending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
          {sentTo ? 'Send the link again' : 'Verify your email'}
        </button>
        {sentTo && (
          <button type="button" className="btn btn-outline btn-sm" disabled={checking} onClick={onCheck}>
            {checking && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}I have
            verified it
          </button>
        )}
      </div>
    </>
  );
}
