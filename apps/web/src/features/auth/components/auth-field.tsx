import { ImageIcon, Mail, UserRound, type LucideIcon } from 'lucide-react';
import type { HTMLInputAutoCompleteAttribute, HTMLInputTypeAttribute } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { IconInput } from '@/components/form/controls';
import { Field } from '@/components/form/field';

/** Both auth forms ask for the email the same way (label, icon, rule); each passes its own form id. */
export const EMAIL_RULES = { required: 'Email is required' } as const;

interface AuthInput {
  label: string;
  icon: LucideIcon;
  type: HTMLInputTypeAttribute;
  autoComplete: HTMLInputAutoCompleteAttribute;
  placeholder: string;
}

/** The auth forms' text fields, by the name each is registered under. */
const AUTH_INPUTS = {
  name: { label: 'Full Name', icon: UserRound, type: 'text', autoComplete: 'name', placeholder: 'Jane Doe' },
  email: {
    label: 'Email address',
    icon: Mail,
    type: 'email',
    autoComplete: 'email',
    placeholder: 'you@company.com',
  },
  photoURL: {
    label: 'Photo URL',
    icon: ImageIcon,
    type: 'url',
    autoComplete: 'photo',
    placeholder: 'https://example.com/photo.jpg',
  },
} satisfies Record<string, AuthInput>;

interface AuthFieldProps {
  formId: string;
  error?: string;
  /** `register(name, rules)`: its name picks the label, icon and autocomplete hint. */
  registration: UseFormRegisterReturn<keyof typeof AUTH_INPUTS>;
}

/** A required text field of the login or registration form, with its icon. */
export function AuthField({ formId, error, registration }: AuthFieldProps) {
  const { label, icon, type, autoComplete, placeholder } = AUTH_INPUTS[registration.name];
  return (
    <Field formId={formId} name={registration.name} label={label} error={error}>
      <IconInput
        icon={icon}
        type={type}
        autoComplete={autoComplete}
        placeholder={placeholder}
        required
        {...registration}
      />
    </Field>
  );
}
