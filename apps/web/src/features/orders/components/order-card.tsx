import { formatCount, type Order } from '@bulkwise/contracts';
import { CalendarDays } from 'lucide-react';
import type { ReactNode } from 'react';
import { ImageWithFallback } from '@/components/ui/image-with-fallback';
import { formatPrice } from '@/components/ui/price';
import { formatAge, formatDateTime } from '@/lib/dates';
import { OrderContact } from './order-contact';
import type { OrderAction } from './order-moves';
import { OrderProgress } from './order-progress';

interface OrderCardProps {
  order: Order;
  onMove: (order: Order, move: OrderAction) => void;
  busy?: boolean;
  /** Shown under the order (the page passes the order's thread). */
  children?: ReactNode;
}

/** One order on the supplier's desk: what, for whom, where to, and what to do next. */
export function OrderCard({ order, onMove, busy, children }: OrderCardProps) {
  const titleId = `order-${order._id}`;
  return (
    <article
      aria-labelledby={titleId}
      className="grid grid-cols-1 gap-4 rounded-box border border-base-300 bg-base-100 p-4 shadow-sm sm:grid-cols-[6rem_1fr] lg:grid-cols-[6rem_1fr_1fr]"
    >
      <ImageWithFallback
        src={order.product.image}
        alt=""
        sizes="96px"
        className="hidden aspect-square w-full rounded-lg bg-base-200 object-cover sm:block"
      />
      <div className="min-w-0">
        <h2 id={titleId} className="text-lg leading-snug font-semibold break-words">
          {order.product.name}
        </h2>
        {order.product.sku && (
          <p className="font-mono text-xs text-base-content/70">SKU {order.product.sku}</p>
        )}
        <p className="mt-1 font-medium" data-testid="order-line">
          {formatCount(order.quantity)} × {formatPrice(order.unitPrice)} = {formatPrice(order.total)}
        </p>
        <p className="mt-1 flex items-center gap-1 text-xs text-base-content/70">
          <CalendarDays className="size-3.5" aria-hidden="true" />
          <time dateTime={order.purchaseDate}>{formatDateTime(order.purchaseDate)}</time>
          <span>· {formatAge(order.purchaseDate)}</span>
        </p>
        {order.quote && (
          <p className="mt-1 text-xs text-base-content/70">
            From quote {order.quote.id.slice(0, 8).toUpperCase()} (v{order.quote.version})
          </p>
        )}
        <OrderProgress order={order} viewer="supplier" onMove={onMove} busy={busy} />
      </div>
      <OrderContact order={order} />
      {children && <div className="sm:col-span-2 lg:col-span-3">{children}</div>}
    </article>
  );
}
