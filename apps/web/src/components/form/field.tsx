import { useMemo, type ReactNode } from 'react';
import { FieldContext, type FieldControlProps } from './field-context';
import { fieldIds } from './field-ids';

export interface FieldProps {
  /** The form's id (a fixed name or `useId()`); with `name` it gives every id of the field. */
  formId: string;
  /** The value's name in the form (the react-hook-form name, the state key); errors map by it. */
  name: string;
  label: string;
  /** Always-visible help under the control, read with it. */
  hint?: string;
  /** The message to show; when set the control is invalid and the message is announced. */
  error?: string;
  /** Ids of descriptions the form renders itself (for example live password rules). */
  describedBy?: string;
  className?: string;
  /** A smaller label, for fields in a row of a list (a price break's cells). */
  compact?: boolean;
  /** One kit control (or any control that calls `useFieldControl`), plus anything shown under it. */
  children: ReactNode;
}

/** A labelled form field: label, control, hint and an error announced with role="alert". */
export function Field({
  formId,
  name,
  label,
  hint,
  error,
  describedBy,
  className = '',
  compact = false,
  children,
}: FieldProps) {
  const ids = fieldIds(formId, name);
  const described = [hint ? ids.hint : null, describedBy ?? null, error ? ids.error : null]
    .filter(Boolean)
    .join(' ');
  const control = useMemo<FieldControlProps>(
    () => ({
      id: ids.control,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': described || undefined,
    }),
    [ids.control, error, described],
  );

  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={ids.control} className={`${compact ? 'text-xs' : 'text-sm'} font-medium`}>
        {label}
      </label>
      <FieldContext value={control}>{children}</FieldContext>
      {hint && (
        <p id={ids.hint} className="text-xs text-base-content/70">
          {hint}
        </p>
      )}
      {error && (
        // Full-contrast red in both themes: daisyUI's `text-error` is under 4.5:1 on white.
        <p id={ids.error} className="text-sm text-red-700 dark:text-red-300" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
