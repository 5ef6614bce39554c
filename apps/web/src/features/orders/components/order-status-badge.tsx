import type { OrderStatus } from '@bulkwise/contracts';
import { Ban, CircleCheckBig, Clock, PackageCheck, Truck } from 'lucide-react';
import { STATUS_LABEL } from '../order-labels';

const ICON = {
  placed: Clock,
  confirmed: CircleCheckBig,
  shipped: Truck,
  delivered: PackageCheck,
  cancelled: Ban,
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const Icon = ICON[status];
  return (
    <span className="badge gap-1 border-base-300 bg-base-200 text-base-content" data-testid="order-status">
      <Icon className="size-3.5" aria-hidden="true" />
      {STATUS_LABEL[status]}
    </span>
  );
}
