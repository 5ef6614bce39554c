import { TRADE_MESSAGES } from '@bulkwise/contracts';
import { sqlDetail, sqlState } from '../../db/errors';
import { AppError } from '../../errors';

/**
 * The purchase's side of trade accounts. The check itself runs in the database, in the purchase's own
 * statement (trigger cart_items_account_terms, migration 0022): it locks the pair's account row, so
 * the credit check and the stock change are one atomic step with no extra round trip. Here its refusal
 * becomes the API's error.
 */
export function accountRefusal(err: unknown): AppError | undefined {
  const state = sqlState(err);
  if (state === 'BWHLD') return new AppError('ACCOUNT_ON_HOLD', TRADE_MESSAGES.onHold);
  if (state !== 'BWCRL') return undefined;
  const available = Number(sqlDetail(err) ?? 0) / 100;
  return new AppError('CREDIT_LIMIT', TRADE_MESSAGES.creditLimit(available), undefined, { available });
}
