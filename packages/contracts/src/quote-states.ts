import { z } from 'zod';

// A quote's states and moves: the table the API enforces and the web's buttons read.

export const QUOTE_STATUSES = [
  'requested',
  'offered',
  'countered',
  'accepted',
  'declined',
  'withdrawn',
  'expired',
] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];
export const QuoteStatusSchema = z.enum(QUOTE_STATUSES);

export type QuoteActor = 'buyer' | 'supplier';
export type QuoteMove = 'request' | 'offer' | 'counter' | 'accept' | 'decline' | 'withdraw';

export interface QuoteTransition {
  move: QuoteMove;
  /** Empty for `request`: the quote does not exist before it. */
  from: readonly QuoteStatus[];
  to: QuoteStatus;
  by: QuoteActor;
  /** True when the move is only allowed on the mover's turn; decline and withdraw may come at any time. */
  onTurn: boolean;
}

const OPEN: readonly QuoteStatus[] = ['requested', 'offered', 'countered'];

/**
 * The one table of who may move a quote from which state to which: the API enforces it with one guarded
 * UPDATE per move, the web reads it for the buttons. `expired` is never a move: an `offered` quote whose
 * validUntil has passed is expired by the server's clock (quoteStatusAt).
 */
export const QUOTE_TRANSITIONS: readonly QuoteTransition[] = [
  { move: 'request', from: [], to: 'requested', by: 'buyer', onTurn: true },
  { move: 'offer', from: ['requested', 'countered'], to: 'offered', by: 'supplier', onTurn: true },
  { move: 'counter', from: ['offered'], to: 'countered', by: 'buyer', onTurn: true },
  { move: 'accept', from: ['offered'], to: 'accepted', by: 'buyer', onTurn: true },
  { move: 'decline', from: OPEN, to: 'declined', by: 'supplier', onTurn: false },
  { move: 'decline', from: OPEN, to: 'declined', by: 'buyer', onTurn: false },
  { move: 'withdraw', from: OPEN, to: 'withdrawn', by: 'buyer', onTurn: false },
];

export const FINAL_QUOTE_STATUSES: readonly QuoteStatus[] = ['accepted', 'declined', 'withdrawn', 'expired'];
export const OPEN_QUOTE_STATUSES = OPEN;

/** Whose move it is in `status`: the supplier answers a request or a counter, the buyer an offer. */
export function quoteTurn(status: QuoteStatus): QuoteActor | null {
  if (status === 'requested' || status === 'countered') return 'supplier';
  if (status === 'offered') return 'buyer';
  return null;
}

/** The status as the clock sees it: an offer past its validUntil is expired whether or not anyone looked. */
export function quoteStatusAt(status: QuoteStatus, validUntil: string | Date | null, now: Date): QuoteStatus {
  if (status !== 'offered' || validUntil === null) return status;
  return new Date(validUntil).getTime() <= now.getTime() ? 'expired' : status;
}

export function quoteTransitionFor(move: QuoteMove, actor: QuoteActor): QuoteTransition | undefined {
  return QUOTE_TRANSITIONS.find((t) => t.move === move && t.by === actor);
}

/** The moves `actor` may make on a quote in `status`, in the table's order (the web's buttons). */
export function allowedQuoteMoves(status: QuoteStatus, actor: QuoteActor): QuoteMove[] {
  return QUOTE_TRANSITIONS.filter((t) => t.by === actor && t.from.includes(status)).map((t) => t.move);
}
