import { z } from 'zod';
import { ProductCategorySchema, CategorySlugSchema } from './categories';
import { isImageUrl } from './image-url';
import { IMAGE_MESSAGES, isUploadedImagePath, parseUploadedImage } from './images';
import { SUGGESTION_LIMIT, SearchTextSchema } from './search';
import { PriceTierSchema, PriceTiersSchema, refinePriceTiers } from './pricing';
import { hasAtMostDecimals, isStorableText, pageFields, requiredText } from './field-rules';

export const PRICE_MIN = 0.01;
export const PRICE_MAX = 1_000_000;
export const QUANTITY_MIN = 1;
export const QUANTITY_MAX = 10_000_000;
export const RATING_MIN = 1;
export const RATING_MAX = 5;
/** The "available" filter of All Products keeps products whose minimum order is over this. */
export const MIN_ORDER_FILTER_THRESHOLD = 100;
/** Page size bounds for GET /products. A request without `limit` gets DEFAULT_PRODUCT_LIMIT. */
export const DEFAULT_PRODUCT_LIMIT = 500;
export const MAX_PRODUCT_LIMIT = 500;

/** An image address a browser may load: http(s) only, so `javascript:` and `data:` never reach a page. */
export const ImageUrlSchema = z
  .string({ error: 'Image URL is required' })
  .trim()
  .min(1, 'Image URL is required')
  .max(2048, 'Image URL must be at most 2048 characters')
  .refine(isStorableText, 'Image URL contains characters that are not allowed')
  .refine(isImageUrl, 'Image must be an http(s) URL')
  // An upload's address is checked against its owner by the API; here only its shape.
  .refine(
    (v) => !isUploadedImagePath(v) || parseUploadedImage(v) !== undefined,
    IMAGE_MESSAGES.badUploadPath,
  );

export const SKU_MAX = 64;
/** Printable: no control, format or unassigned code points (a tab or a zero-width space is not part of a SKU). */
const PRINTABLE = /^[^\p{C}]*$/u;

/**
 * The supplier's own stock-keeping unit: optional, unique among that supplier's products (two suppliers
 * may use the same one). Blank means none; on an update, omitted leaves it as it is and null or blank clears it.
 */
export const SkuSchema = z
  .string({ error: 'SKU must be text' })
  .trim()
  .max(SKU_MAX, `SKU must be at most ${SKU_MAX} characters`)
  .refine((v) => PRINTABLE.test(v) && isStorableText(v), 'SKU must contain only printable characters')
  .nullable()
  .transform((v) => (v === '' ? null : v))
  .optional();

const quantity = (field: string) =>
  z
    .number({ error: `${field} must be a number` })
    .int(`${field} must be a whole number`)
    .min(QUANTITY_MIN, `${field} must be at least ${QUANTITY_MIN}`)
    .max(QUANTITY_MAX, `${field} must be at most ${QUANTITY_MAX}`);

/**
 * The product's own fields, in the order the form shows them: the one list from which the input and
 * output schemas, the API's row mapping and order snapshot, and the web form's values derive. A new
 * field is a rule here, a column of the same name (migration + Drizzle schema) and a place in the form.
 */
const PRODUCT_FIELD_RULES = {
  image: ImageUrlSchema,
  sku: SkuSchema,
  name: requiredText('Name', 200),
  brandName: requiredText('Brand name', 100),
  category: ProductCategorySchema,
  mainQuantity: quantity('Main quantity'),
  minSellingQuantity: quantity('Minimum selling quantity'),
  /**
   * Stock below this is low: the supplier is emailed once when a purchase or an edit takes the stock below
   * it, and the dashboard lists the product. Blank (null) means the minimum selling quantity.
   */
  lowStockThreshold: quantity('Low-stock threshold').nullable().optional(),
  price: z
    .number({ error: 'Price must be a number' })
    .min(PRICE_MIN, `Price must be at least ${PRICE_MIN}`)
    .max(PRICE_MAX, `Price must be at most ${PRICE_MAX}`)
    .refine((v) => hasAtMostDecimals(v, 2), 'Price must have at most 2 decimals'),
  rating: z
    .number({ error: 'Rating must be a number' })
    .min(RATING_MIN, `Rating must be between ${RATING_MIN} and ${RATING_MAX}`)
    .max(RATING_MAX, `Rating must be between ${RATING_MIN} and ${RATING_MAX}`)
    .refine((v) => hasAtMostDecimals(v, 1), 'Rating must be in steps of 0.1'),
  description: requiredText('Description', 5000),
};
type FieldRules = typeof PRODUCT_FIELD_RULES;
export type ProductField = keyof FieldRules;
/** The product's own fields in form order (price breaks, a list, are edited apart). */
export const PRODUCT_FIELDS = Object.keys(PRODUCT_FIELD_RULES) as ProductField[];

/** Fields a product may lack: blank in the form, null in answers, an empty CSV cell clears them. */
export const OPTIONAL_PRODUCT_FIELDS: ReadonlySet<ProductField> = new Set(
  PRODUCT_FIELDS.filter((f) => PRODUCT_FIELD_RULES[f].safeParse(undefined).success),
);

export type ProductFieldKind = 'text' | 'integer' | 'decimal';
/** The rule under `.nullable()` / `.optional()`: an optional number travels as a number. */
const baseOf = (rule: z.ZodType): z.ZodType =>
  rule instanceof z.ZodOptional || rule instanceof z.ZodNullable ? baseOf(rule.unwrap() as z.ZodType) : rule;
const kindOf = (rule: z.ZodType): ProductFieldKind => {
  const base = baseOf(rule);
  return base instanceof z.ZodNumber ? (base.isInt ? 'integer' : 'decimal') : 'text';
};
/** How each field travels: text, or a number (whole or decimal). The form's number inputs are these. */
export const PRODUCT_FIELD_KINDS = Object.fromEntries(
  PRODUCT_FIELDS.map((f) => [f, kindOf(PRODUCT_FIELD_RULES[f])]),
) as Record<ProductField, ProductFieldKind>;

/** The product's own fields of `source` (a row, a body, a product), nothing else. */
export function pickProductFields<T extends Partial<Record<ProductField, unknown>>>(
  source: T,
): Pick<T, ProductField> {
  return Object.fromEntries(PRODUCT_FIELDS.map((f) => [f, source[f]])) as Pick<T, ProductField>;
}

/** The fields a supplier edits: the body of POST /products and PUT /products/:id. */
export const ProductInputSchema = z.object({
  ...PRODUCT_FIELD_RULES,
  /** Volume pricing (pricing.ts). Omitted: none on create, unchanged on update; a list replaces them all. */
  priceTiers: PriceTiersSchema.optional(),
});
export type ProductInput = z.infer<typeof ProductInputSchema>;

/**
 * POST /products body: the editable fields only. Anything else is dropped, never stored: older clients
 * also send userEmail, userName and categorySlug, which the server derives from the token and category.
 */
export const CreateProductBodySchema = ProductInputSchema.superRefine(refinePriceTiers);
/**
 * PUT /products/:id body: the same. Breaks sent are checked here; breaks kept (omitted) are checked by
 * the server against the new price and minimum.
 */
export const UpdateProductBodySchema = CreateProductBodySchema;

type OptionalField = {
  [K in ProductField]: undefined extends z.input<FieldRules[K]> ? K : never;
}[ProductField];

/** The fields as answered: stored values are not judged again on the way out; an optional one may be null. */
function productFieldsShape() {
  const loose = { text: z.string(), integer: z.number().int(), decimal: z.number() };
  return Object.fromEntries(
    PRODUCT_FIELDS.map((f) => {
      const rule: z.ZodType = loose[PRODUCT_FIELD_KINDS[f]];
      // Answers written before the field existed (an order's snapshot, an older server) read as null.
      return [f, OPTIONAL_PRODUCT_FIELDS.has(f) ? rule.nullable().default(null) : rule];
    }),
  ) as {
    [K in ProductField]: K extends OptionalField
      ? FieldRules[K] extends z.ZodOptional<z.ZodNullable<z.ZodNumber>>
        ? z.ZodDefault<z.ZodNullable<z.ZodNumber>>
        : z.ZodDefault<z.ZodNullable<z.ZodString>>
      : FieldRules[K] extends z.ZodNumber
        ? z.ZodNumber
        : z.ZodString;
  };
}

/** A product as everyone may see it: the supplier's display name, never their email. */
export const ProductSchema = z.object({
  _id: z.string(),
  ...productFieldsShape(),
  categorySlug: z.string(),
  /** Sorted by minQuantity; empty when the product has none. */
  priceTiers: z.array(PriceTierSchema),
  userName: z.string(),
  /** The supplier as an opaque id (never the email): what a buyer names to ask for terms (issue #25). */
  supplierId: z.string(),
  createdAt: z.string(),
});
export type Product = z.infer<typeof ProductSchema>;

/** The owner's own view of a product (GET /products?email=, create, update) adds the owner email. */
export const OwnProductSchema = ProductSchema.extend({ userEmail: z.string() });
export type OwnProduct = z.infer<typeof OwnProductSchema>;

export const ProductListSchema = z.array(ProductSchema);
export const OwnProductListSchema = z.array(OwnProductSchema);
/** GET /products answers: the owner email appears only in the caller's own listing (`?email=`). */
export const ProductListResponseSchema = z.array(ProductSchema.extend({ userEmail: z.string().optional() }));

/** A typeahead entry (GET /products/suggest): enough to show the product and open its page. */
export const ProductSuggestionSchema = ProductSchema.pick({
  _id: true,
  name: true,
  brandName: true,
  category: true,
});
export type ProductSuggestion = z.infer<typeof ProductSuggestionSchema>;
export const ProductSuggestionListSchema = z.array(ProductSuggestionSchema).max(SUGGESTION_LIMIT);

export const PRODUCT_SORTS = ['price_asc', 'price_desc'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

/** Response headers of GET /products that carry the paging state (the body stays an array). */
export const TOTAL_COUNT_HEADER = 'x-total-count';
export const NEXT_CURSOR_HEADER = 'x-next-cursor';

export const ProductListQuerySchema = z.object({
  email: z.email('email must be a valid email address').max(254).optional(),
  category: CategorySlugSchema.optional(),
  sort: z.enum(PRODUCT_SORTS, { error: 'sort must be price_asc or price_desc' }).optional(),
  minOrderOver: z.coerce
    .number({ error: 'minOrderOver must be a number' })
    .int('minOrderOver must be a whole number')
    .min(0)
    .max(QUANTITY_MAX)
    .optional(),
  /** Catalog search: with the default sort, results come in relevance order (docs/decisions/0009-search.md). */
  q: SearchTextSchema.optional(),
  ...pageFields(MAX_PRODUCT_LIMIT),
});
export type ProductListQuery = z.infer<typeof ProductListQuerySchema>;

export const IdParamsSchema = z.object({ id: z.string().max(100) });

/** The 409 of a create, update or import that reuses one of the supplier's SKUs (field `sku`). */
export const SKU_TAKEN_MESSAGE = 'You already have a product with this SKU';
