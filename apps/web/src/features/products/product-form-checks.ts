import {
  PRODUCT_FIELDS,
  ProductInputSchema,
  isImageUrl,
  pickProductFields,
  RATING_MAX,
  RATING_MIN,
  refinePriceTiers,
  type Product,
  type ProductField,
  type ProductInput,
} from '@bulkwise/contracts';
import { PRODUCT_FORM_MESSAGES } from '@/config/messages';

/** A numeric field as the form holds it: a number, or '' while the input is blank (never 0). */
export type NumberField = number | '';

/** The form's values, one per field of the contract's list: numbers may be '' while blank. */
export type ProductFormValues = {
  [K in ProductField]-?: NonNullable<ProductInput[K]> extends number ? NumberField : string;
} & {
  /** Volume pricing rows as typed; blank cells stay '' until checked. */
  priceTiers: PriceTierRow[];
};

export interface PriceTierRow {
  minQuantity: NumberField;
  price: NumberField;
}

export type ProductFormField = ProductField;
/** A form path an error can sit on: a plain field, the breaks list, or one cell of a break. */
export type ProductFormErrorPath =
  ProductFormField | 'priceTiers' | `priceTiers.${number}.${keyof PriceTierRow}`;

export const EMPTY_PRODUCT_FORM = {
  ...Object.fromEntries(PRODUCT_FIELDS.map((field) => [field, ''])),
  priceTiers: [],
} as unknown as ProductFormValues;

/** What a number input holds -> a number, or '' when it is blank or not a number. */
export function parseNumberInput(raw: unknown): NumberField {
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : '';
  if (typeof raw !== 'string' || raw.trim() === '') return '';
  const value = Number(raw);
  return Number.isFinite(value) ? value : '';
}

const isPositive = (value: NumberField) => typeof value === 'number' && value > 0;
const inRatingRange = (value: NumberField) =>
  typeof value === 'number' && value >= RATING_MIN && value <= RATING_MAX;

/** A failed ordered check: the field it belongs to (where focus goes) and the spec's message. */
export interface ProductFormCheckFailure {
  field: ProductFormField;
  message: string;
}

/** The ordered check set of the add and update forms (spec section 5), in the spec's order. */
const ORDERED_CHECKS: ReadonlyArray<{
  field: ProductFormField;
  message: string;
  passes: (values: ProductFormValues) => boolean;
}> = [
  { field: 'image', message: PRODUCT_FORM_MESSAGES.imageRequired, passes: (v) => v.image.trim() !== '' },
  { field: 'image', message: PRODUCT_FORM_MESSAGES.imageInvalid, passes: (v) => isImageUrl(v.image.trim()) },
  {
    field: 'mainQuantity',
    message: PRODUCT_FORM_MESSAGES.mainQuantity,
    passes: (v) => isPositive(v.mainQuantity),
  },
  {
    field: 'minSellingQuantity',
    message: PRODUCT_FORM_MESSAGES.minSellingQuantity,
    passes: (v) => isPositive(v.minSellingQuantity),
  },
  { field: 'price', message: PRODUCT_FORM_MESSAGES.price, passes: (v) => isPositive(v.price) },
  { field: 'rating', message: PRODUCT_FORM_MESSAGES.rating, passes: (v) => inRatingRange(v.rating) },
];

/** The first failing ordered check, or null when all six pass. Runs before any call. */
export function firstProductFormError(values: ProductFormValues): ProductFormCheckFailure | null {
  const failed = ORDERED_CHECKS.find((check) => !check.passes(values));
  return failed ? { field: failed.field, message: failed.message } : null;
}

export const CATEGORY_REQUIRED = 'Please choose a category from the list';

export type ProductFormCheck =
  | { ok: true; input: ProductInput }
  | { ok: false; fieldErrors: Partial<Record<ProductFormErrorPath, string>> };

// The API's rules, price breaks against the price and minimum order included.
const ProductFormSchema = ProductInputSchema.superRefine(refinePriceTiers);

/**
 * The remaining rules after the ordered checks (required texts, category from the list, whole
 * quantities, price decimals, rating step, price breaks), judged by the same schema the API uses.
 * A break's problem sits on its cell (`priceTiers.1.price`); a problem of the list on `priceTiers`.
 */
export function checkProductRules(values: ProductFormValues): ProductFormCheck {
  // A blank threshold is "none" (the minimum selling quantity), not a missing number.
  const result = ProductFormSchema.safeParse({
    ...values,
    lowStockThreshold: values.lowStockThreshold === '' ? null : values.lowStockThreshold,
  });
  if (result.success)
    return { ok: true, input: { ...result.data, priceTiers: result.data.priceTiers ?? [] } };
  const fieldErrors: Partial<Record<ProductFormErrorPath, string>> = {};
  for (const issue of result.error.issues) {
    const [field, index, cell] = issue.path;
    if (!field) continue;
    const path = (
      field === 'priceTiers' && typeof index === 'number' && (cell === 'minQuantity' || cell === 'price')
        ? `priceTiers.${index}.${cell}`
        : String(field)
    ) as ProductFormErrorPath;
    if (path in fieldErrors) continue;
    // The schema's category message lists all seven names; the select already shows them.
    fieldErrors[path] = path === 'category' ? CATEGORY_REQUIRED : issue.message;
  }
  return { ok: false, fieldErrors };
}

export function productToFormValues(product: Product): ProductFormValues {
  return {
    ...pickProductFields(product),
    sku: product.sku ?? '',
    lowStockThreshold: product.lowStockThreshold ?? '',
    priceTiers: product.priceTiers.map((tier) => ({ ...tier })),
  };
}
