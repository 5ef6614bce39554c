import { PRODUCT_FIELDS, type ProductInput } from '@bulkwise/contracts';
import { PackagePlus, Save } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { BusyButton } from '@/components/form/busy-button';
import { Field } from '@/components/form/field';
import { PRODUCT_MESSAGES } from '@/config/messages';
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
import { PRODUCT_FORM_LAYOUT } from './product-form-fields';
import { PriceTiersEditor } from './price-tiers-editor';

export type ProductFormMode = 'add' | 'update';

export const CHECK_DIALOG_TITLE = 'Invalid Product Details';

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
export function ProductForm({
  mode,
  defaultValues = EMPTY_PRODUCT_FORM,
  onSubmit,
  onCancel,
}: ProductFormProps) {
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

  /** The input's registration: numbers parsed, errors cleared as the user types. */
  const field = (name: ProductFormField, numeric = false) =>
    register(name, {
      ...(numeric ? { setValueAs: parseNumberInput } : {}),
      onChange: () => {
        if (errors[name]) clearErrors(name);
      },
    });

  const submit = handleSubmit(async (values) => {
    const failed = firstProductFormError(values);
    if (failed) {
      // Focused first: the dialog hands focus back to whatever had it when it opened.
      setFocus(failed.field);
      void errorDialog(CHECK_DIALOG_TITLE, failed.message);
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
        PRODUCT_FIELDS.find((name) => checked.fieldErrors[name]) ??
        paths.find((path) => path.startsWith('priceTiers.'));
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
          {PRODUCT_FORM_LAYOUT.map((spec) => (
            <Field
              key={spec.name}
              formId={id}
              name={spec.name}
              label={spec.label}
              hint={spec.hint}
              error={errors[spec.name]?.message}
              className={spec.wide ? 'sm:col-span-2' : ''}
            >
              {spec.control(field(spec.name, spec.numeric), control)}
            </Field>
          ))}

          <PriceTiersEditor
            formId={id}
            control={control}
            register={register}
            errors={errors}
            clearErrors={clearErrors}
          />
        </div>

        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          {onCancel && (
            <button type="button" className="btn btn-ghost" onClick={onCancel}>
              Cancel
            </button>
          )}
          <BusyButton
            type="submit"
            className="btn btn-primary sm:min-w-44"
            busy={busy}
            busyLabel={mode === 'add' ? PRODUCT_MESSAGES.adding : PRODUCT_MESSAGES.updating}
          >
            {mode === 'add' ? 'Add Product' : 'Update Product'}
          </BusyButton>
        </div>
      </div>
    </form>
  );
}
