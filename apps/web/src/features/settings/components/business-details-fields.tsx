import { BUSINESS_DETAILS_MAX, type BusinessDetailsInput } from '@bulkwise/contracts';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { Textarea, TextInput } from '@/components/form/controls';
import { Field } from '@/components/form/field';

interface BusinessDetailsFieldsProps {
  formId: string;
  register: UseFormRegister<BusinessDetailsInput>;
  errors: FieldErrors<BusinessDetailsInput>;
}

interface DetailField {
  name: keyof BusinessDetailsInput;
  label: string;
  hint?: string;
  autoComplete?: string;
  /** A multi-line field's height. */
  rows?: number;
}

const FIELDS: DetailField[] = [
  { name: 'legalName', label: 'Legal or company name', autoComplete: 'organization' },
  { name: 'billingAddress', label: 'Billing address', autoComplete: 'street-address', rows: 3 },
  { name: 'taxId', label: 'Tax id', hint: 'For example your VAT number or EIN' },
];

/** The business details' fields: legal name, billing address and tax id, each optional. */
export function BusinessDetailsFields({ formId, register, errors }: BusinessDetailsFieldsProps) {
  return (
    <>
      {FIELDS.map(({ autoComplete, rows, ...field }) => {
        const { name } = field;
        const input = { autoComplete, maxLength: BUSINESS_DETAILS_MAX[name], ...register(name) };
        return (
          <Field key={name} formId={formId} {...field} error={errors[name]?.message}>
            {rows ? <Textarea rows={rows} {...input} /> : <TextInput {...input} />}
          </Field>
        );
      })}
    </>
  );
}
