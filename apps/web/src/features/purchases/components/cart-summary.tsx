import { formatCount, type CartItem } from '@bulkwise/contracts';
import { ShoppingBag } from 'lucide-react';
import { Link } from 'react-router';
import { Fact } from '@/components/ui/fact';
import { formatPrice } from '@/components/ui/price';
import { paths } from '@/config/paths';
import { cartTotal, cartUnits } from '../cart-totals';

/** The cart's totals: orders, units and the grand total. */
export function CartSummary({ items }: { items: readonly CartItem[] }) {
  return (
    <section
      aria-labelledby="cart-summary-title"
      className="rounded-box border border-base-300 bg-base-100 p-6 shadow-sm lg:sticky lg:top-[calc(var(--nav-height)+1.5rem)]"
    >
      <h2 id="cart-summary-title" className="text-lg font-semibold">
        Order summary
      </h2>
      <dl className="mt-4 space-y-2 text-sm">
        <Fact term="Orders" className="flex justify-between gap-4">
          {formatCount(items.length)}
        </Fact>
        <Fact term="Units" className="flex justify-between gap-4">
          {formatCount(cartUnits(items))}
        </Fact>
        <Fact
          term="Grand total"
          className="flex items-baseline justify-between gap-4 border-t border-base-300 pt-3"
          termClassName="font-semibold"
          valueClassName="text-2xl font-bold text-primary dark:text-indigo-300"
          testId="cart-grand-total"
        >
          {formatPrice(cartTotal(items))}
        </Fact>
      </dl>
      <Link to={paths.allProducts.getHref()} className="btn btn-outline btn-block mt-6">
        <ShoppingBag className="size-4" aria-hidden="true" />
        Continue shopping
      </Link>
    </section>
  );
}
