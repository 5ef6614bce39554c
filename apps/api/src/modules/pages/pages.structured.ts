import { parseUploadedImage, toCents, type Product } from '@bulkwise/contracts';

/**
 * schema.org data of the server-made pages (Google's Product, BreadcrumbList and ItemList shapes).
 * Plain objects: pages.html.ts serialises them safely.
 */

export const CURRENCY = 'USD';
const QUANTITY_UNIT = 'C62'; // UN/CEFACT "one": a price per unit.

/** Dollars with two decimals, from whole cents (money is cents everywhere it is computed). */
export const dollars = (value: number) => (toCents(value) / 100).toFixed(2);

/** A product can be bought when the stock covers its minimum order. */
export const inStock = (p: Pick<Product, 'mainQuantity' | 'minSellingQuantity'>) =>
  p.mainQuantity >= Math.max(1, p.minSellingQuantity);

/** Every address a page names for others (canonical, og:image, JSON-LD) is absolute. */
export const absoluteUrl = (publicUrl: string, url: string) =>
  /^https?:\/\//i.test(url) ? url : `${publicUrl}${url.startsWith('/') ? '' : '/'}${url}`;

/**
 * The image to share: an upload's stored URL is its widest variant (at most 1280 px, what chat previews
 * ask for); its width comes from the name. Other images are sent as they are.
 */
export const shareImage = (publicUrl: string, image: string) => ({
  url: absoluteUrl(publicUrl, image),
  width: parseUploadedImage(image)?.width,
});

/**
 * The base price and each volume break as unit prices, each for the quantities it applies to: the base
 * from the minimum order up to the first break, each break up to the next.
 */
function priceSpecifications(p: Product) {
  const steps = [{ minQuantity: p.minSellingQuantity, price: p.price }, ...p.priceTiers];
  return steps.map((step, i) => {
    const next = steps[i + 1];
    return {
      '@type': 'UnitPriceSpecification',
      price: dollars(step.price),
      priceCurrency: CURRENCY,
      eligibleQuantity: {
        '@type': 'QuantitativeValue',
        minValue: step.minQuantity,
        ...(next ? { maxValue: next.minQuantity - 1 } : {}),
        unitCode: QUANTITY_UNIT,
      },
    };
  });
}

export function productLd(p: Product, url: string, image: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: p.name,
    description: p.description,
    image: [image],
    ...(p.sku ? { sku: p.sku } : {}),
    brand: { '@type': 'Brand', name: p.brandName },
    category: p.category,
    offers: {
      '@type': 'Offer',
      url,
      price: dollars(p.price),
      priceCurrency: CURRENCY,
      availability: `https://schema.org/${inStock(p) ? 'InStock' : 'OutOfStock'}`,
      eligibleQuantity: {
        '@type': 'QuantitativeValue',
        minValue: p.minSellingQuantity,
        unitCode: QUANTITY_UNIT,
      },
      priceSpecification: priceSpecifications(p),
      seller: { '@type': 'Organization', name: p.userName },
    },
  };
}

export function breadcrumbLd(trail: ReadonlyArray<{ name: string; url: string }>) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((crumb, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: crumb.name,
      item: crumb.url,
    })),
  };
}

export function itemListLd(name: string, items: ReadonlyArray<{ name: string; url: string }>) {
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    name,
    numberOfItems: items.length,
    itemListElement: items.map((item, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: item.name,
      url: item.url,
    })),
  };
}
