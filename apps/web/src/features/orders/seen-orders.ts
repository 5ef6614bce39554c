import type { Order, OrderStatus } from '@bulkwise/contracts';
import { useEffect, useState } from 'react';
import { ORDERS_SEEN_STORAGE_KEY } from '@/config/storage-keys';

type Seen = Record<string, OrderStatus>;

function read(key: string): Seen {
  try {
    const value = JSON.parse(localStorage.getItem(key) ?? '{}') as unknown;
    return typeof value === 'object' && value !== null ? (value as Seen) : {};
  } catch {
    return {};
  }
}

/**
 * The orders whose status changed since this buyer last looked at My Cart on this browser. What was
 * seen is each order's status, kept in localStorage per user: nothing to store on the server for a
 * hint, and a new device simply starts without dots. An order never seen before (just bought) has none,
 * nor one whose last change the buyer made.
 */
export function useChangedOrders(email: string, orders: readonly Order[] | undefined): ReadonlySet<string> {
  const key = `${ORDERS_SEEN_STORAGE_KEY}:${email}`;
  const [changed, setChanged] = useState<ReadonlySet<string>>(new Set());
  useEffect(() => {
    if (!orders || !email) return;
    const seen = read(key);
    // A change the buyer made (cancel, Mark received) is not news to them.
    const news = (o: Order) =>
      seen[o._id] !== undefined && seen[o._id] !== o.status && o.history.at(-1)?.by === 'supplier';
    const now = new Set(orders.filter(news).map((o) => o._id));
    // Keep the dots of this visit while the list refreshes; they go once the page is left.
    setChanged((before) => new Set([...before, ...now]));
    const next: Seen = { ...seen };
    for (const o of orders) next[o._id] = o.status;
    try {
      localStorage.setItem(key, JSON.stringify(next));
    } catch {
      // Storage full or blocked: the hint is lost, nothing else.
    }
  }, [key, email, orders]);
  return changed;
}
