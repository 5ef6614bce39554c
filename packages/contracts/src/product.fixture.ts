/**
 * A product form tests start from (valid as it is); a test overrides what it checks. The contracts' tests
 * and the web's (`@bulkwise/contracts/test-fixtures`) share it; it is not part of the package's main entry.
 */
export const VALID_PRODUCT_INPUT = {
  image: 'https://cdn.example.com/p.jpg',
  name: 'Steel bolts M8',
  brandName: 'Fastenco',
  category: 'Industrial Machinery & Tools' as const,
  description: 'Zinc plated, box of 500',
  mainQuantity: 5000,
  minSellingQuantity: 500,
  price: 19.99,
  rating: 4.5,
};
