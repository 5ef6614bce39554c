import { CreateProductBodySchema, type PriceTier } from '@bulkwise/contracts';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/use-test-app';
import { bearer, createProduct, makeUser, productInput, call } from '../../../test/factories';
import { SEED_PRODUCTS } from '../../db/seed/catalog';

const t = useTestApp();

const supplier = makeUser('supplier');
const tiers: PriceTier[] = [
  { minQuantity: 100, price: 11.75 },
  { minQuantity: 500, price: 10.9 },
];

const show = async (id: string) => (await t.app.inject({ method: 'GET', url: `/api/products/${id}` })).json();
const put = async (id: string, body: object) => call(t, supplier, 'PUT', `/api/products/${id}`, body);
const post = async (body: object) =>
  t.app.inject({ method: 'POST', url: '/api/products', headers: await bearer(t, supplier), payload: body });

describe('price breaks on products', () => {
  it('stores breaks given on create and shows them in every read', async () => {
    const created = await post(productInput({ priceTiers: tiers }));
    expect(created.statusCode).toBe(201);
    const { _id } = created.json();
    expect(created.json().priceTiers).toEqual(tiers);
    expect((await show(_id)).priceTiers).toEqual(tiers);
    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/products?q=${encodeURIComponent('Galvanised')}`,
    });
    expect(listed.json().find((p: { _id: string }) => p._id === _id).priceTiers).toEqual(tiers);
    const own = await call(t, supplier, 'GET', `/api/products?email=${encodeURIComponent(supplier.email)}`);
    expect(own.json().find((p: { _id: string }) => p._id === _id).priceTiers).toEqual(tiers);
  });

  it('has none when created without them', async () => {
    const product = await createProduct(t, supplier);
    expect((await show(product._id)).priceTiers).toEqual([]);
  });

  it('keeps them on an update that omits them, replaces them with a list, clears them with []', async () => {
    const { _id } = (await post(productInput({ priceTiers: tiers }))).json();
    const kept = await put(_id, productInput({ name: 'Renamed bolts' }));
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toMatchObject({ name: 'Renamed bolts', priceTiers: tiers });

    const replacement = [{ minQuantity: 50, price: 12 }];
    expect((await put(_id, productInput({ priceTiers: replacement }))).json().priceTiers).toEqual(
      replacement,
    );
    expect((await show(_id)).priceTiers).toEqual(replacement);

    expect((await put(_id, productInput({ priceTiers: [] }))).json().priceTiers).toEqual([]);
    expect((await show(_id)).priceTiers).toEqual([]);
  });

  it.each([
    [
      'six breaks',
      Array.from({ length: 6 }, (_, i) => ({ minQuantity: 20 + i, price: 12 - i / 10 })),
      'priceTiers',
    ],
    ['a quantity at the minimum order', [{ minQuantity: 10, price: 12 }], 'priceTiers.0.minQuantity'],
    [
      'quantities out of order',
      [
        { minQuantity: 200, price: 12 },
        { minQuantity: 100, price: 11 },
      ],
      'priceTiers.1.minQuantity',
    ],
    ['a price at the base price', [{ minQuantity: 100, price: 12.5 }], 'priceTiers.0.price'],
    [
      'prices that rise',
      [
        { minQuantity: 100, price: 11 },
        { minQuantity: 200, price: 11.5 },
      ],
      'priceTiers.1.price',
    ],
    ['a price off the cent', [{ minQuantity: 100, price: 11.999 }], 'priceTiers.0.price'],
    ['a zero price', [{ minQuantity: 100, price: 0 }], 'priceTiers.0.price'],
    ['a negative price', [{ minQuantity: 100, price: -1 }], 'priceTiers.0.price'],
    ['a fractional quantity', [{ minQuantity: 100.5, price: 11 }], 'priceTiers.0.minQuantity'],
    ['a quantity given as text', [{ minQuantity: '100', price: 11 }], 'priceTiers.0.minQuantity'],
    ['a missing price', [{ minQuantity: 100 }], 'priceTiers.0.price'],
    ['not a list', { minQuantity: 100, price: 11 }, 'priceTiers'],
  ])('answers 400 naming the field and stores nothing for %s', async (_name, priceTiers, field) => {
    const name = `Refused ${Math.random()}`;
    const created = await post({ ...productInput({ name }), priceTiers });
    expect(created.statusCode).toBe(400);
    expect(created.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(created.json().fields).toHaveProperty([field]);
    const found = await t.app.inject({ method: 'GET', url: `/api/products?q=${encodeURIComponent(name)}` });
    expect(found.json()).toEqual([]);

    const { _id } = (await post(productInput({ priceTiers: tiers }))).json();
    const updated = await put(_id, { ...productInput({ name: 'Must not be stored' }), priceTiers });
    expect(updated.statusCode).toBe(400);
    expect(updated.json().fields).toHaveProperty([field]);
    expect(await show(_id)).toMatchObject({ name: 'Galvanised bolts M10', priceTiers: tiers });
  });

  it('refuses a price or minimum change that breaks the kept breaks, naming the break, until they are fixed too', async () => {
    const { _id } = (await post(productInput({ priceTiers: tiers }))).json();

    const cheaper = await put(_id, productInput({ price: 11 }));
    expect(cheaper.statusCode).toBe(400);
    expect(cheaper.json().message).toContain("Break 1: price must be below the product's price ($11.00)");
    expect(cheaper.json().fields).toHaveProperty(['priceTiers.0.price']);

    const higherMinimum = await put(_id, productInput({ minSellingQuantity: 500 }));
    expect(higherMinimum.statusCode).toBe(400);
    expect(higherMinimum.json().message).toContain(
      'Break 1: quantity must be greater than the minimum selling quantity (500)',
    );
    expect(higherMinimum.json().fields).toMatchObject({
      'priceTiers.0.minQuantity': expect.any(String),
      'priceTiers.1.minQuantity': expect.any(String),
    });
    expect(await show(_id)).toMatchObject({ price: 12.5, minSellingQuantity: 10, priceTiers: tiers });

    const fixed = await put(
      _id,
      productInput({ price: 11, priceTiers: [{ minQuantity: 100, price: 10.5 }] }),
    );
    expect(fixed.statusCode).toBe(200);
    expect(await show(_id)).toMatchObject({ price: 11, priceTiers: [{ minQuantity: 100, price: 10.5 }] });
  });
});

describe('the demo catalog', () => {
  it('has valid breaks on a good share of its products', () => {
    const withBreaks = SEED_PRODUCTS.filter((p) => p.priceTiers.length > 0);
    expect(withBreaks.length).toBeGreaterThanOrEqual(SEED_PRODUCTS.length / 2);
    for (const { ownerUid: _, ...product } of SEED_PRODUCTS) {
      expect(CreateProductBodySchema.safeParse(product).error?.issues ?? [], product.name).toEqual([]);
    }
  });
});
