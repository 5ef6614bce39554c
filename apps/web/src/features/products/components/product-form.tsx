import { PackagePlus, Save } from 'lucide-react';
import { useId } from 'react';
import { BusyButton } from '@/components/form/busy-button';
import { Field } from '@/components/form/field';
import { PRODUCT_MESSAGES } from '@/config/messages';
import { EMPTY_PRODUCT_FORM } from '../product-form-checks';
import { PriceTiersEditor } from './price-tiers-editor';
import { PRODUCT_FORM_LAYOUT } from './product-form-fields';
import { useProductForm, type ProductFormMode, type ProductFormProps } from './use-product-form';

// The page's tests read the dialog's title from here.
export { CHECK_DIALOG_TITLE } from './use-product-form';

/** The add and update product form (spec sections 2 and 5). */
export function ProductForm({
  mode,
  defaultValues = EMPTY_PRODUCT_FORM,
  onSubmit,
  onCancel,
}: ProductFormProps) {
  const id = useId();
  // `form`: react-hook-form's register, control, errors and clearErrors, which the price breaks share.
  const { field, submit, busy, ...form } = useProductForm({
    mode,
    defaultValues,
    onSubmit,
  });

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
        <ProductFormHeader mode={mode} headingId={headingId} />

        <div className="grid grid-cols-1 gap-x-5 gap-y-4 sm:grid-cols-2">
          {PRODUCT_FORM_LAYOUT.map((spec) => (
            <Field
              key={spec.name}
              formId={id}
              name={spec.name}
              label={spec.label}
              hint={spec.hint}
              error={form.errors[spec.name]?.message}
              className={spec.wide ? 'sm:col-span-2' : ''}
            >
              {spec.control(field(spec.name, spec.numeric), form.control)}
            </Field>
          ))}

          <PriceTiersEditor formId={id} {...form} />
        </div>

        <FormActions mode={mode} busy={busy} onCancel={onCancel} />
      </div>
    </form>
  );
}

function ProductFormHeader({ mode, headingId }: { mode: ProductFormMode; headingId: string }) {
  const title = mode === 'add' ? PRODUCT_MESSAGES.addTitle : 'Update Product';
  return (
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
  );
}

function FormActions({
  mode,
  busy,
  onCancel,
}: {
  mode: ProductFormMode;
  busy: boolean;
  onCancel?: () => void;
}) {
  return (
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
  );
}
