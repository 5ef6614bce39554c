import { ORDER_STATUS_LABELS, type OrderActor, type OrderMove } from '@bulkwise/contracts';

export const STATUS_LABEL = ORDER_STATUS_LABELS;

/** The same move reads differently to each party: the buyer marks an order received. */
export function moveLabel(move: Exclude<OrderMove, 'place'>, viewer: OrderActor): string {
  switch (move) {
    case 'confirm':
      return 'Confirm';
    case 'ship':
      return 'Mark shipped';
    case 'deliver':
      return viewer === 'buyer' ? 'Mark received' : 'Mark delivered';
    case 'cancel':
      return 'Cancel order';
  }
}
