import {
  PRICE_MIN,
  PRODUCT_CATEGORIES,
  ProductInputSchema,
  QUANTITY_MIN,
  RATING_MAX,
  RATING_MIN,
} from '@bulkwise/contracts';
import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { NumberInput, Select, Textarea, TextInput } from '@/components/form/controls';
import type { ProductFormField } from '../product-form-checks';

/** One field of the product form: how it is labelled and which kit control edits it. */
export interface ProductFieldLayout {
  name: ProductFormField;
  label: string;
  hint?: string;
  /** Spans both columns on wide screens. */
  wide?: boolean;
  /** The input holds a number: '' while blank, never 0. */
  numeric?: boolean;
  control: (input: UseFormRegisterReturn) => ReactNode;
}

// Text lengths come from the API's own schema, so the form can never accept more than the server.
const limits = ProductInputSchema.shape;

const quantityInput = (input: UseFormRegisterReturn) => <NumberInput min={QUANTITY_MIN} required {...input} />;

/** The product form's fields in the order they appear (the first with an error gets focus). */
export const PRODUCT_FORM_LAYOUT: readonly ProductFieldLayout[] = [
  {
    name: 'image',
    label: 'Image URL',
    wide: true,
    control: (input) => (
      <TextInput
        type="url"
        inputMode="url"
        autoComplete="url"
        placeholder="https://example.com/product.jpg"
        required
        {...input}
      />
    ),
  },
  {
    name: 'name',
    label: 'Product name',
    control: (input) => <TextInput type="text" required maxLength={limits.name.maxLength ?? undefined} {...input} />,
  },
  {
    name: 'brandName',
    label: 'Brand name',
    control: (input) => (
      <TextInput type="text" required maxLength={limits.brandName.maxLength ?? undefined} {...input} />
    ),
  },
  {
    name: 'category',
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
  { name: 'mainQuantity', label: 'Main quantity', hint: 'Units in stock', numeric: true, control: quantityInput },
  {
    name: 'minSellingQuantity',
    label: 'Minimum selling quantity',
    hint: 'Smallest order a buyer may place',
    numeric: true,
    control: quantityInput,
  },
  {
    name: 'price',
    label: 'Price',
    hint: 'Per unit, in US dollars',
    numeric: true,
    control: (input) => <NumberInput prefix="$" min={PRICE_MIN} step={0.01} required {...input} />,
  },
  {
    name: 'rating',
    label: 'Rating',
    hint: `${RATING_MIN} to ${RATING_MAX}, in steps of 0.1`,
    numeric: true,
    control: (input) => <NumberInput min={RATING_MIN} max={RATING_MAX} step={0.1} required {...input} />,
  },
  {
    name: 'description',
    label: 'Description',
    wide: true,
    control: (input) => (
      <Textarea rows={4} required maxLength={limits.description.maxLength ?? undefined} {...input} />
    ),
  },
];
