import {
  PRICE_MIN,
  PRODUCT_CATEGORIES,
  PRODUCT_FORM_MESSAGES,
  PRODUCT_MESSAGES,
  QUANTITY_MIN,
  RATING_MAX,
  RATING_MIN,
  type ProductInput,
} from '@bulkwise/contracts';
import { PackagePlus, Save } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { errorDialog } from '@/lib/dialogs';
import {
  EMPTY_PRODUCT_FORM,
  checkProductRules,
  firstProductFormError,
  parseNumberInput,
  type ProductFormErrorPath,
  type ProductFormField,
  type ProductFormValues,
} from '../product-form-checks';
import { PriceTiersEditor } from './price-tiers-editor';

export type ProductFormMode = 'add' | 'update';

export const CHECK_DIALOG_TITLE = 'Invalid Product Details';

/** Where the keyboard lands once an ordered-check dialog closes. */
const FIELD_OF_CHECK: Record<string, ProductFormField> = {
  [PRODUCT_FORM_MESSAGES.imageRequired]: 'image',
  [PRODUCT_FORM_MESSAGES.imageInvalid]: 'image',
  [PRODUCT_FORM_MESSAGES.mainQuantity]: 'mainQuantity',
  [PRODUCT_FORM_MESSAGES.minSellingQuantity]: 'minSellingQuantity',
  [PRODUCT_FORM_MESSAGES.price]: 'price',
  [PRODUCT_FORM_MESSAGES.rating]: 'rating',
};

/** Fields in the order they appear, so the first one with an error gets focus. */
const FIELD_ORDER: ProductFormField[] = [
  'image',
  'name',
  'brandName',
  'category',
  'mainQuantity',
  'minSellingQuantity',
  'price',
  'rating',
  'description',
];

interface ProductFormProps {
  mode: ProductFormMode;
  defaultValues?: ProductFormValues;
  /**
   * Saves the checked input. Resolves true when saved (the add form then empties itself) or false
   * when it failed: the caller has told the user why, and the form keeps what was typed.
   */
  onSubmit: (input: ProductInput) => Promise<boolean>;
  /** Update mode: the Cancel button. */
  onCancel?: () => void;
}

/** The add and update product form (spec sections 2 and 5). */
export function ProductForm({ mode, defaultValues = EMPTY_PRODUCT_FORM, onSubmit, onCancel }: ProductFormProps) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    clearErrors,
    setFocus,
    control,
    formState: { errors },
  } = useForm<ProductFormValues>({ defaultValues });

  const fieldId = (field: ProductFormField) => `${id}-${field}`;
  const errorId = (field: ProductFormField) => `${id}-${field}-error`;
  const hintId = (field: ProductFormField) => `${id}-${field}-hint`;

  /** The input's wiring: labelled, described by its hint and error, errors cleared as the user types. */
  const field = (name: ProductFormField, options: { numeric?: boolean; hint?: boolean } = {}) => {
    const error = errors[name]?.message;
    const describedBy = [options.hint ? hintId(name) : null, error ? errorId(name) : null].filter(Boolean).join(' ');
    const registration: UseFormRegisterReturn = register(name, {
      ...(options.numeric ? { setValueAs: parseNumberInput } : {}),
      onChange: () => {
        if (errors[name]) clearErrors(name);
      },
    });
    return {
      id: fieldId(name),
      'aria-invalid': error ? true : undefined,
      'aria-describedby': describedBy || undefined,
      ...registration,
    };
  };

  const submit = handleSubmit(async (values) => {
    const failed = firstProductFormError(values);
    if (failed) {
      // Focused first: the dialog hands focus back to whatever had it when it opened.
      setFocus(FIELD_OF_CHECK[failed] ?? 'image');
      void errorDialog(CHECK_DIALOG_TITLE, failed);
      return;
    }

    const checked = checkProductRules(values);
    if (!checked.ok) {
      const paths = Object.keys(checked.fieldErrors) as ProductFormErrorPath[];
      for (const path of paths) {
        setError(path, { type: 'rules', message: checked.fieldErrors[path] });
      }
      // The breaks come last in the form: focus one only when every other field is fine.
      const first: ProductFormErrorPath | undefined =
        FIELD_ORDER.find((name) => checked.fieldErrors[name]) ?? paths.find((path) => path.startsWith('priceTiers.'));
      if (first) setFocus(first as ProductFormField);
      return;
    }

    setBusy(true);
    try {
      const saved = await onSubmit(checked.input);
      if (saved && mode === 'add') reset(EMPTY_PRODUCT_FORM);
    } finally {
      setBusy(false);
    }
  });

  const title = mode === 'add' ? PRODUCT_MESSAGES.addTitle : 'Update Product';
  const headingId = `${id}-title`;

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby={headingId}
      aria-busy={busy}
      className="card border border-base-300 bg-base-100 shadow-sm"
    >
      <div className="card-body gap-6 p-5 sm:p-8">
        <header className="flex items-center gap-3">
          <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
            {mode === 'add' ? (
              <PackagePlus className="size-6" aria-hidden="true" />
            ) : (
              <Save className="size-6" aria-hidden="true" />
            )}
          </span>
          <div>
            <h1 id={headingId} className="text-2xl font-bold sm:text-3xl">
              {title}
            </h1>
            <p className="text-sm text-base-content/70">
              All fields are required. Buyers see these details on the product page.
            </p>
          </div>
        </header>

        <div className="grid grid-cols-1 gap-x-5 gap-y-4 sm:grid-cols-2">
          <Field
            className="sm:col-span-2"
            label="Image URL"
            htmlFor={fieldId('image')}
            error={errors.image?.message}
            errorId={errorId('image')}
          >
            <input
              type="url"
              inputMode="url"
              autoComplete="url"
              placeholder="https://example.com/product.jpg"
              className="input w-full"
              required
              {...field('image')}
            />
          </Field>

          <Field label="Product name" htmlFor={fieldId('name')} error={errors.name?.message} errorId={errorId('name')}>
            <input type="text" className="input w-full" required maxLength={200} {...field('name')} />
          </Field>

          <Field
            label="Brand name"
            htmlFor={fieldId('brandName')}
            error={errors.brandName?.message}
            errorId={errorId('brandName')}
          >
            <input type="text" className="input w-full" required maxLength={100} {...field('brandName')} />
          </Field>

          <Field
            className="sm:col-span-2"
            label="Category"
            htmlFor={fieldId('category')}
            error={errors.category?.message}
            errorId={errorId('category')}
          >
            <select className="select w-full" required {...field('category')}>
              <option value="" disabled>
                Select a category
              </option>
              {PRODUCT_CATEGORIES.map((category) => (
                <option key={category} value={category}>
                  {category}
                </option>
              ))}
            </select>
          </Field>

          <Field
            label="Main quantity"
            htmlFor={fieldId('mainQuantity')}
            hint="Units in stock"
            hintId={hintId('mainQuantity')}
            error={errors.mainQuantity?.message}
            errorId={errorId('mainQuantity')}
          >
            <input
              type="number"
              inputMode="numeric"
              min={QUANTITY_MIN}
              step={1}
              className="input w-full"
              required
              {...field('mainQuantity', { numeric: true, hint: true })}
            />
          </Field>

          <Field
            label="Minimum selling quantity"
            htmlFor={fieldId('minSellingQuantity')}
            hint="Smallest order a buyer may place"
            hintId={hintId('minSellingQuantity')}
            error={errors.minSellingQuantity?.message}
            errorId={errorId('minSellingQuantity')}
          >
            <input
              type="number"
              inputMode="numeric"
              min={QUANTITY_MIN}
              step={1}
              className="input w-full"
              required
              {...field('minSellingQuantity', { numeric: true, hint: true })}
            />
          </Field>

          <Field
            label="Price"
            htmlFor={fieldId('price')}
            hint="Per unit, in US dollars"
            hintId={hintId('price')}
            error={errors.price?.message}
            errorId={errorId('price')}
          >
            <div className="input w-full">
              <span className="text-base-content/70" aria-hidden="true">
                $
              </span>
              <input
                type="number"
                inputMode="decimal"
                min={PRICE_MIN}
                step={0.01}
                className="grow"
                required
                {...field('price', { numeric: true, hint: true })}
              />
            </div>
          </Field>

          <Field
            label="Rating"
            htmlFor={fieldId('rating')}
            hint={`${RATING_MIN} to ${RATING_MAX}, in steps of 0.1`}
            hintId={hintId('rating')}
            error={errors.rating?.message}
            errorId={errorId('rating')}
          >
            <input
              type="number"
              inputMode="decimal"
              min={RATING_MIN}
              max={RATING_MAX}
              step={0.1}
              className="input w-full"
              required
              {...field('rating', { numeric: true, hint: true })}
            />
          </Field>

          <Field
            className="sm:col-span-2"
            label="Description"
            htmlFor={fieldId('description')}
            error={errors.description?.message}
            errorId={errorId('description')}
          >
            <textarea
              rows={4}
              className="textarea w-full"
              required
              maxLength={5000}
              {...field('description')}
            />
          </Field>

          <PriceTiersEditor control={control} register={register} errors={errors} clearErrors={clearErrors} />
        </div>

        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          {onCancel && (
            <button type="button" className="btn btn-ghost" onClick={onCancel}>
              Cancel
            </button>
          )}
          <button type="submit" className="btn btn-primary sm:min-w-44" disabled={busy}>
            {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            {mode === 'add'
              ? busy
                ? PRODUCT_MESSAGES.adding
                : 'Add Product'
              : busy
                ? PRODUCT_MESSAGES.updating
                : 'Update Product'}
          </button>
        </div>
      </div>
    </form>
  );
}

interface FieldProps {
  label: string;
  htmlFor: string;
  hint?: string;
  hintId?: string;
  error?: string;
  errorId: string;
  className?: string;
  children: ReactNode;
}

function Field({ label, htmlFor, hint, hintId, error, errorId, className = '', children }: FieldProps) {
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={htmlFor} className="text-sm font-medium">
        {label}
      </label>
      {children}
      {hint && (
        <p id={hintId} className="text-xs text-base-content/70">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm text-red-700 dark:text-red-300" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
