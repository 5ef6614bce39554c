import {
  lineTotal,
  type CartItem,
  type OwnProduct,
  type PriceTier,
  type ProductInput,
} from '@bulkwise/contracts';
import { VALID_PRODUCT_INPUT } from '@bulkwise/contracts/test-fixtures';

/** What a supplier types into the add and update forms (and what they send). */
export function productInput(
  overrides: Partial<ProductInput & { sku: string; lowStockThreshold: number }> = {},
): ProductInput & { priceTiers: PriceTier[]; sku: string; lowStockThreshold: number } {
  return {
    ...VALID_PRODUCT_INPUT,
    image: 'https://cdn.example.com/bolts.jpg',
    sku: 'BOLT-M8-500',
    lowStockThreshold: 600,
    rating: 4,
    priceTiers: [],
    ...overrides,
  };
}

/** A product as the owner's own listing returns it. */
export function ownProduct(overrides: Partial<OwnProduct> = {}): OwnProduct {
  return {
    _id: 'p1',
    ...productInput(),
    categorySlug: 'industrial_machinery_tools',
    userName: 'Bea Buyer',
    userEmail: 'buyer@bulkwise.test',
    supplierId: 'supplier-1',
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** The public view of a product: no owner email. */
export function publicProduct(overrides: Partial<OwnProduct> = {}) {
  const { userEmail: _omit, ...product } = ownProduct(overrides);
  return product;
}

/** An order (a cart item is the buyer's view of one); the total follows quantity and unit price. */
export function cartItem(overrides: Partial<CartItem> = {}, product: Partial<OwnProduct> = {}): CartItem {
  const p = publicProduct(product);
  const quantity = overrides.quantity ?? 20;
  const unitPrice = overrides.unitPrice ?? p.price;
  return {
    _id: 'c1',
    status: 'placed',
    product: p,
    quantity,
    unitPrice,
    total: lineTotal(quantity, unitPrice),
    purchaseDate: '2026-03-04T10:15:00.000Z',
    buyer: { name: 'Bea Buyer', email: 'buyer@bulkwise.test', emailVerified: true },
    shipping: { address: '1 Dock Rd, Leeds', phone: '+44 113 496 0000' },
    carrier: null,
    trackingNumber: null,
    cancelledBy: null,
    cancelReason: null,
    history: [{ status: 'placed', at: '2026-03-04T10:15:00.000Z', by: 'buyer' }],
    quote: null,
    paymentTerms: 'prepay',
    poNumber: null,
    invoice: null,
    ...overrides,
  };
}
