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

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

export function formatOrderDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date);
}

/** '5 minutes ago', '3 days ago': how long an order has been waiting. */
export function formatAge(iso: string, now = Date.now()): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  if (Number.isNaN(seconds)) return '';
  const units: Array<[Intl.RelativeTimeFormatUnit, number]> = [
    ['day', 86_400],
    ['hour', 3_600],
    ['minute', 60],
  ];
  for (const [unit, size] of units) {
    if (Math.abs(seconds) >= size) return relative.format(Math.round(seconds / size), unit);
  }
  return 'just now';
}
