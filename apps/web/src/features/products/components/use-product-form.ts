import { PRODUCT_FIELDS, type ProductInput } from '@bulkwise/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
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

export type ProductFormMode = 'add' | 'update';

export const CHECK_DIALOG_TITLE = 'Invalid Product Details';

export interface ProductFormProps {
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

/** The product form's state and its submit: the spec's checks, then the rules, then the save. */
export function useProductForm({
  mode,
  defaultValues,
  onSubmit,
}: Pick<ProductFormProps, 'mode' | 'defaultValues' | 'onSubmit'>) {
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

  return { register, control, errors, clearErrors, field, submit, busy };
}
