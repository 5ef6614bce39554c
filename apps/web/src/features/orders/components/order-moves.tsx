import { allowedMoves, type Order, type OrderActor, type OrderMove } from '@bulkwise/contracts';
import { moveLabel } from '../order-labels';

export type OrderAction = Exclude<OrderMove, 'place'>;

interface OrderMovesProps {
  order: Order;
  viewer: OrderActor;
  onMove: (order: Order, move: OrderAction) => void;
  /** Moves this page offers another way. */
  hide: readonly OrderAction[];
  busy: boolean;
}

/** The buttons the transition table allows this party now (nothing when it allows none). */
export function OrderMoves({ order, viewer, onMove, hide, busy }: OrderMovesProps) {
  const moves = allowedMoves(order.status, viewer).filter(
    (m): m is OrderAction => m !== 'place' && !hide.includes(m),
  );
  const name = order.product.name;
  if (moves.length === 0) return null;
  return (
    <div className="flex flex-wrap gap-2">
      {moves.map((move) => (
        <button
          key={move}
          type="button"
          className={`btn btn-sm ${move === 'cancel' ? 'btn-error' : 'btn-primary'}`}
          disabled={busy}
          onClick={() => onMove(order, move)}
          aria-label={`${moveLabel(move, viewer)}: ${name}`}
        >
          {moveLabel(move, viewer)}
        </button>
      ))}
    </div>
  );
}
