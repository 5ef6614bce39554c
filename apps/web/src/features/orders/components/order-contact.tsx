import type { Order } from '@bulkwise/contracts';
import { MapPin, Phone, User } from 'lucide-react';

/** Who bought the order (and whether their address is verified), where it ships and the phone. */
export function OrderContact({ order }: { order: Order }) {
  return (
    <dl className="min-w-0 space-y-1 text-sm sm:col-start-2 lg:col-start-3">
      <div className="flex items-start gap-2">
        <dt>
          <User className="mt-0.5 size-4" aria-hidden="true" />
          <span className="sr-only">Buyer</span>
        </dt>
        <dd className="break-words">
          {order.buyer.name} <span className="text-base-content/70">({order.buyer.email})</span>
          {!order.buyer.emailVerified && (
            <span
              className="badge badge-sm badge-warning ms-1 align-middle"
              title="The buyer has not verified this address: it may not be theirs, and Bulkwise sends it no order emails."
            >
              Unverified email
            </span>
          )}
        </dd>
      </div>
      <div className="flex items-start gap-2">
        <dt>
          <MapPin className="mt-0.5 size-4" aria-hidden="true" />
          <span className="sr-only">Ship to</span>
        </dt>
        <dd className="break-words whitespace-pre-line">{order.shipping.address}</dd>
      </div>
      <div className="flex items-start gap-2">
        <dt>
          <Phone className="mt-0.5 size-4" aria-hidden="true" />
          <span className="sr-only">Phone</span>
        </dt>
        <dd>{order.shipping.phone}</dd>
      </div>
    </dl>
  );
}
