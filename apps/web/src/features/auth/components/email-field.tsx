import { Mail } from 'lucide-react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { IconInput } from '@/components/form/controls';
import { Field } from '@/components/form/field';

/** Both auth forms ask for the email the same way (label, icon, rule); each passes its own form id. */
export const EMAIL_RULES = { required: 'Email is required' } as const;

interface EmailFieldProps {
  formId: string;
  error?: string;
  registration: UseFormRegisterReturn<'email'>;
}

export function EmailField({ formId, error, registration }: EmailFieldProps) {
  return (
    <Field formId={formId} name={registration.name} label="Email address" error={error}>
      <IconInput
        icon={Mail}
        type="email"
        autoComplete="email"
        placeholder="you@company.com"
        required
        {...registration}
      />
    </Field>
  );
}
