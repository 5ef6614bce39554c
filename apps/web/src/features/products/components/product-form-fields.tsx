import {
  PRICE_MIN,
  PRODUCT_CATEGORIES,
  PRODUCT_FIELDS,
  PRODUCT_FIELD_KINDS,
  ProductInputSchema,
  QUANTITY_MIN,
  RATING_MAX,
  RATING_MIN,
  SKU_MAX,
  type ProductField,
} from '@bulkwise/contracts';
import type { ReactNode } from 'react';
import type { Control, UseFormRegisterReturn } from 'react-hook-form';
import type { ProductFormValues } from '../product-form-checks';
import { ImagePicker } from './image-picker';
import { NumberInput, Select, Textarea, TextInput } from '@/components/form/controls';

/** One field of the product form: how it is labelled and which kit control edits it. */
export interface ProductFieldLayout {
  label: string;
  hint?: string;
  /** Spans both columns on wide screens. */
  wide?: boolean;
  /** `form` is the form's control, for a field that shows what it holds (the image's preview). */
  control: (input: UseFormRegisterReturn, form: Control<ProductFormValues>) => ReactNode;
}

// Text lengths come from the API's own schema, so the form can never accept more than the server.
const limits = ProductInputSchema.shape;

const quantityInput = (input: UseFormRegisterReturn) => (
  <NumberInput min={QUANTITY_MIN} required {...input} />
);

/** How each field of the contract's list is edited; a new field fails the typecheck until it has one. */
const LAYOUT: Record<ProductField, ProductFieldLayout> = {
  image: {
    label: 'Image URL',
    hint: 'Upload a photo, or paste the address of an image',
    wide: true,
    control: (input, form) => <ImagePicker input={input} control={form} />,
  },
  sku: {
    label: 'SKU',
    hint: 'Optional: your own code, unique among your products',
    control: (input) => <TextInput type="text" autoComplete="off" maxLength={SKU_MAX} {...input} />,
  },
  name: {
    label: 'Product name',
    control: (input) => (
      <TextInput type="text" required maxLength={limits.name.maxLength ?? undefined} {...input} />
    ),
  },
  brandName: {
    label: 'Brand name',
    control: (input) => (
      <TextInput type="text" required maxLength={limits.brandName.maxLength ?? undefined} {...input} />
    ),
  },
  category: {
    label: 'Category',
    wide: true,
    control: (input) => (
      <Select placeholder="Select a category" required {...input}>
        {PRODUCT_CATEGORIES.map((category) => (
          <option key={category} value={category}>
            {category}
          </option>
        ))}
      </Select>
    ),
  },
  mainQuantity: { label: 'Main quantity', hint: 'Units in stock', control: quantityInput },
  minSellingQuantity: {
    label: 'Minimum selling quantity',
    hint: 'Smallest order a buyer may place',

    control: quantityInput,
  },
  lowStockThreshold: {
    label: 'Low-stock threshold',
    hint: 'Optional: you get an email when stock falls below it (blank: the minimum selling quantity)',
    control: (input) => <NumberInput min={QUANTITY_MIN} {...input} />,
  },
  price: {
    label: 'Price',
    hint: 'Per unit, in US dollars',

    control: (input) => <NumberInput prefix="$" min={PRICE_MIN} step={0.01} required {...input} />,
  },
  rating: {
    label: 'Rating',
    hint: `${RATING_MIN} to ${RATING_MAX}, in steps of 0.1`,

    control: (input) => <NumberInput min={RATING_MIN} max={RATING_MAX} step={0.1} required {...input} />,
  },
  description: {
    label: 'Description',
    wide: true,
    control: (input) => (
      <Textarea rows={4} required maxLength={limits.description.maxLength ?? undefined} {...input} />
    ),
  },
};

/** One field as the form renders it, with the contract's word on whether it holds a number. */
export interface ProductFormFieldSpec extends ProductFieldLayout {
  name: ProductField;
  numeric: boolean;
}

/** The product form's fields in the contract's order (the first with an error gets focus). */
export const PRODUCT_FORM_LAYOUT: readonly ProductFormFieldSpec[] = PRODUCT_FIELDS.map((name) => ({
  name,
  numeric: PRODUCT_FIELD_KINDS[name] !== 'text',
  ...LAYOUT[name],
}));
