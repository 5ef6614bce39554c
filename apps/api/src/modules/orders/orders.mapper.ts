import { ProductSchema, lineTotal, type Order } from '@bulkwise/contracts';
import type { CartItemRow } from '../../db/schema';
import type { OrderEvent, OrderEventType } from './order-events';
import type { OrderInvoiceJson, OrderRow } from './orders.repository';

/** The invoice's state as the order shows it; the status rule is the invoices' (derived from today). */
function orderInvoice(i: OrderInvoiceJson, today: string): Order['invoice'] {
  const balanceCents = i.totalCents - i.paidCents - i.creditedCents;
  const status = i.voided
    ? 'void'
    : balanceCents === 0
      ? 'paid'
      : i.dueOn < today
        ? 'overdue'
        : i.paidCents > 0
          ? 'partially_paid'
          : 'open';
  return { _id: i.id, number: i.number, status, balance: balanceCents / 100, dueOn: i.dueOn };
}

/** `today` (the app clock's UTC day) decides whether the order's invoice shows as overdue. */
export function toOrder(row: OrderRow, today: string): Order {
  const unitPrice = Number(row.unitPrice);
  return {
    _id: row.id,
    status: row.status,
    // Orders placed before volume pricing (or SKUs) have no breaks (or SKU) in their snapshot.
    product: ProductSchema.parse({
      priceTiers: [],
      sku: null,
      supplierId: row.supplierUid ?? '',
      ...(row.productSnapshot as object),
    }),
    quantity: row.quantity,
    unitPrice,
    total: lineTotal(row.quantity, unitPrice),
    purchaseDate: row.purchasedAt.toISOString(),
    buyer: { name: row.buyerName, email: row.buyerEmail, emailVerified: row.buyerEmailVerified },
    shipping: { address: row.address, phone: row.phone },
    carrier: row.carrier,
    trackingNumber: row.trackingNumber,
    cancelledBy: row.cancelledBy,
    cancelReason: row.cancelReason,
    history: row.history.map((h) => ({ status: h.status, at: new Date(h.at).toISOString(), by: h.by })),
    quote: row.quoteId && row.quoteVersion !== null ? { id: row.quoteId, version: row.quoteVersion } : null,
    paymentTerms: row.paymentTerms,
    poNumber: row.poNumber,
    invoice: row.invoice && orderInvoice(row.invoice, today),
  };
}

type EventSource = Pick<
  CartItemRow,
  | 'id'
  | 'buyerUid'
  | 'buyerName'
  | 'buyerEmail'
  | 'supplierUid'
  | 'supplierName'
  | 'supplierEmail'
  | 'productId'
  | 'productSnapshot'
  | 'quantity'
  | 'unitPrice'
  | 'address'
  | 'phone'
  | 'carrier'
  | 'trackingNumber'
  | 'cancelReason'
>;

/** The event of one change; a row from before orders existed may lack a supplier uid and email (''). */
export function toOrderEvent(
  row: EventSource,
  type: OrderEventType,
  by: OrderEvent['by'],
  at: Date,
): OrderEvent {
  const snapshot = row.productSnapshot as { name?: unknown; image?: unknown };
  const unitPrice = Number(row.unitPrice);
  return {
    type,
    orderId: row.id,
    at,
    by,
    buyer: { uid: row.buyerUid, name: row.buyerName, email: row.buyerEmail },
    supplier: { uid: row.supplierUid ?? '', name: row.supplierName ?? '', email: row.supplierEmail ?? '' },
    product: { id: row.productId, name: String(snapshot.name ?? ''), image: String(snapshot.image ?? '') },
    quantity: row.quantity,
    unitPrice,
    total: lineTotal(row.quantity, unitPrice),
    shipping: { address: row.address, phone: row.phone },
    carrier: row.carrier,
    trackingNumber: row.trackingNumber,
    cancelReason: row.cancelReason,
  };
}
