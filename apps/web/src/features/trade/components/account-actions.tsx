import type { TradeAccount } from '@bulkwise/contracts';
import type { ReactNode } from 'react';

export type AccountAction = 'terms' | 'hold' | 'release' | 'decline';

export interface AccountActionsProps {
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
  const action = (kind: AccountAction, label: ReactNode, tone = 'btn-outline') => (
    <button type="button" className={`btn ${tone} btn-sm`} disabled={busy} onClick={() => onAction(a, kind)}>
      {label}
    </button>
  );
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
          {a.status === 'requested' && action('decline', 'Decline')}
          {a.status === 'on_hold' ? action('release', 'Release hold') : action('hold', 'Put on hold')}
          {action(
            'terms',
            <>
              Set terms<span className="sr-only"> for {title}</span>
            </>,
            'btn-primary',
          )}
        </>
      )}
    </div>
  );
}
