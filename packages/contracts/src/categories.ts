import { z } from 'zod';

/** The fixed list of product categories a supplier may choose from (spec section 3). */
export const PRODUCT_CATEGORIES = [
  'Electronics & Gadgets',
  'Home & Kitchen Appliances',
  'Fashion & Apparel',
  'Industrial Machinery & Tools',
  'Health & Beauty',
  'Automotive Parts & Accessories',
  'Office Supplies & Stationery',
] as const;

export type ProductCategory = (typeof PRODUCT_CATEGORIES)[number];

export const ProductCategorySchema = z.enum(PRODUCT_CATEGORIES, {
  error: `Category must be one of: ${PRODUCT_CATEGORIES.join(', ')}`,
});

/**
 * Lowercase, with each run of ampersands or whitespace replaced by one underscore:
 * "Home & Kitchen Appliances" -> "home_kitchen_appliances".
 */
export function categorySlug(category: string): string {
  return category.toLowerCase().replace(/[&\s]+/g, '_');
}

export const CategorySlugSchema = z
  .string()
  .max(100)
  .regex(/^[a-z0-9_-]*$/, 'Category slug may contain only lowercase letters, digits, "_" and "-"');

export const CategorySchema = z.object({
  _id: z.string(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  image: z.string(),
  popular: z.boolean(),
  productCount: z.number().int().nonnegative(),
  subcategories: z.array(z.string()),
});
export type Category = z.infer<typeof CategorySchema>;

export const CategoryListSchema = z.array(CategorySchema);
