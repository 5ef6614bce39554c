import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import type { ZodType } from 'zod';
import { TextInput, Textarea } from './controls';
import { Field } from './field';
import { fieldIds } from './field-ids';

export interface DialogField {
  name: string;
  label: string;
  maxLength: number;
  required?: boolean;
  multiline?: boolean;
  hint?: string;
  /** The field's own rule on a non-blank value: the message to show, or null when the value is fine. */
  check?: (value: string) => string | null;
}

/** A field rule from a contract's schema: `toValue` turns the typed text into what the API takes. */
export function checkWith(
  schema: ZodType,
  toValue: (text: string) => unknown = (text) => text,
): (value: string) => string | null {
  return (value) => {
    const result = schema.safeParse(toValue(value));
    return result.success ? null : (result.error.issues[0]?.message ?? 'Not valid');
  };
}

type Values = Record<string, string>;
type Errors = Partial<Record<string, string>>;

/** The one form id of a dialog's fields: one dialog is open at a time. */
const FORM_ID = 'form-dialog';

interface DialogFieldsProps {
  fields: readonly DialogField[];
  values: Values;
  errors: Errors;
  onChange: (name: string, value: string) => void;
}

/** A dialog's fields on the form kit: labelled controls, hints and errors announced like every form's. */
function DialogFields({ fields, values, errors, onChange }: DialogFieldsProps) {
  return (
    <div className="grid gap-3 text-left">
      {fields.map((f) => {
        const control = {
          name: f.name,
          maxLength: f.maxLength,
          required: f.required,
          value: values[f.name] ?? '',
        };
        return (
          <Field
            key={f.name}
            formId={FORM_ID}
            name={f.name}
            label={`${f.label} (${f.required ? 'required' : 'optional'})`}
            hint={f.hint}
            error={errors[f.name]}
          >
            {f.multiline ? (
              <Textarea {...control} rows={3} onChange={(e) => onChange(f.name, e.target.value)} />
            ) : (
              <TextInput {...control} onChange={(e) => onChange(f.name, e.target.value)} />
            )}
          </Field>
        );
      })}
    </div>
  );
}

export interface MountedDialogFields {
  /** The trimmed values when every rule holds; otherwise null, with each field's error shown. */
  submit(): Values | null;
  focusFirst(): void;
  unmount(): void;
}

/** Renders `fields` into `container` (a SweetAlert2 dialog's body) and keeps their values and errors. */
export function mountDialogFields(
  container: HTMLElement,
  fields: readonly DialogField[],
): MountedDialogFields {
  const root = createRoot(container);
  const values: Values = Object.fromEntries(fields.map((f) => [f.name, '']));
  let errors: Errors = {};
  const view = () => (
    <DialogFields
      fields={fields}
      values={values}
      errors={errors}
      onChange={(name, value) => {
        values[name] = value;
        // A field being corrected stops showing its old error.
        if (errors[name]) errors = { ...errors, [name]: undefined };
        root.render(view());
      }}
    />
  );
  // Synchronously, so the controls exist before the dialog opens and focuses the first.
  flushSync(() => root.render(view()));
  const focus = (name: string | undefined) =>
    name && container.querySelector<HTMLElement>(`#${fieldIds(FORM_ID, name).control}`)?.focus();

  return {
    submit() {
      const trimmed: Values = {};
      const found: Errors = {};
      for (const f of fields) {
        const value = (values[f.name] ?? '').trim();
        trimmed[f.name] = value;
        if (!value) {
          if (f.required) found[f.name] = `${f.label} is required`;
        } else {
          const message = f.check?.(value);
          if (message) found[f.name] = message;
        }
      }
      errors = found;
      flushSync(() => root.render(view()));
      const firstBad = fields.find((f) => found[f.name]);
      if (!firstBad) return trimmed;
      focus(firstBad.name);
      return null;
    },
    focusFirst: () => focus(fields[0]?.name),
    unmount: () => root.unmount(),
  };
}
