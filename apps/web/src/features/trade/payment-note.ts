import { formatUsd, type TradeAccount } from '@bulkwise/contracts';

const money = (n: number | null) => formatUsd(n ?? 0);

/** What the purchase dialog says about paying: the terms that apply and, on account, the credit left. */
export function paymentNote(account: TradeAccount | null | undefined): string | undefined {
  if (account === undefined) return undefined;
  if (account?.status === 'on_hold')
    return 'Your account with this supplier is on hold: orders are refused until the supplier lifts it.';
  if (!account || account.terms === 'prepay')
    return 'Payment: prepay. An invoice is issued when the supplier confirms the order.';
  return `Payment: on account, net ${account.netDays} days. Available credit: ${money(account.available)}.`;
}
