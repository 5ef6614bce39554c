import { BUSINESS_DETAILS_MAX, type BusinessDetailsInput } from '@bulkwise/contracts';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { Textarea, TextInput } from '@/components/form/controls';
import { Field } from '@/components/form/field';

interface BusinessDetailsFieldsProps {
  formId: string;
  register: UseFormRegister<BusinessDetailsInput>;
  errors: FieldErrors<BusinessDetailsInput>;
}

/** The business details' fields: legal name, billing address and tax id, each optional. */
export function BusinessDetailsFields({ formId, register, errors }: BusinessDetailsFieldsProps) {
  return (
    <>
      <Field formId={formId} name="legalName" label="Legal or company name" error={errors.legalName?.message}>
        <TextInput
          autoComplete="organization"
          maxLength={BUSINESS_DETAILS_MAX.legalName}
          {...register('legalName')}
        />
      </Field>
      <Field
        formId={formId}
        name="billingAddress"
        label="Billing address"
        error={errors.billingAddress?.message}
      >
        <Textarea
          rows={3}
          autoComplete="street-address"
          maxLength={BUSINESS_DETAILS_MAX.billingAddress}
          {...register('billingAddress')}
        />
      </Field>
      <Field
        formId={formId}
        name="taxId"
        label="Tax id"
        hint="For example your VAT number or EIN"
        error={errors.taxId?.message}
      >
        <TextInput maxLength={BUSINESS_DETAILS_MAX.taxId} {...register('taxId')} />
      </Field>
    </>
  );
}
