import type { TradeAccount } from '@bulkwise/contracts';

export type AccountAction = 'terms' | 'hold' | 'release' | 'decline';

interface AccountActionsProps {
  account: TradeAccount;
  as: 'buyer' | 'supplier';
  /** The account's name, for the accessible name of "Set terms". */
  title: string;
  busy: boolean;
  onAction: (account: TradeAccount, kind: AccountAction) => void;
  onStatement: (account: TradeAccount, format: 'csv' | 'pdf') => void;
}

/** The statements for both parties; the supplier also decides, holds, releases and sets terms. */
export function AccountActions({ account: a, as, title, busy, onAction, onStatement }: AccountActionsProps) {
  return (
    <div className="card-actions justify-end">
      <button type="button" className="btn btn-ghost btn-sm" onClick={() => onStatement(a, 'csv')}>
        Statement CSV
      </button>
      <button type="button" className="btn btn-ghost btn-sm" onClick={() => onStatement(a, 'pdf')}>
        Statement PDF
      </button>
      {as === 'supplier' && (
        <>
          {a.status === 'requested' && (
            <button
              type="button"
              className="btn btn-outline btn-sm"
              disabled={busy}
              onClick={() => onAction(a, 'decline')}
            >
              Decline
            </button>
          )}
          {a.status === 'on_hold' ? (
            <button
              type="button"
              className="btn btn-outline btn-sm"
              disabled={busy}
              onClick={() => onAction(a, 'release')}
            >
              Release hold
            </button>
          ) : (
            <button
              type="button"
              className="btn btn-outline btn-sm"
              disabled={busy}
              onClick={() => onAction(a, 'hold')}
            >
              Put on hold
            </button>
          )}
          <button
            type="button"
            className="btn btn-primary btn-sm"
            disabled={busy}
            onClick={() => onAction(a, 'terms')}
          >
            Set terms<span className="sr-only"> for {title}</span>
          </button>
        </>
      )}
    </div>
  );
}
