import { ClipboardList } from 'lucide-react';
import { OrdersDesk } from '@/features/orders/components/orders-desk';
import { usePageTitle } from '@/lib/page-title';

export const ORDERS_TITLE = 'Orders';

export function Component() {
  usePageTitle(ORDERS_TITLE);
  return (
    <section className="container mx-auto max-w-6xl px-4 py-8 sm:py-12" aria-labelledby="orders-title">
      <header className="mb-8">
        <h1 id="orders-title" className="flex items-center gap-3 text-3xl font-bold">
          <ClipboardList className="size-8 text-primary" aria-hidden="true" />
          {ORDERS_TITLE}
        </h1>
        <p className="mt-1 text-base-content/70">Orders buyers placed for your products, newest first</p>
      </header>
      <OrdersDesk />
    </section>
  );
}
