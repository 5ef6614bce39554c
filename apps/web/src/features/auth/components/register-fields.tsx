import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { Field } from '@/components/form/field';
import { fieldIds } from '@/components/form/field-ids';
import { AuthField, EMAIL_RULES } from './auth-field';
import { PasswordInput } from './password-input';
import { PasswordRequirements } from './password-requirements';

const FORM_ID = 'register';
const PASSWORD_RULES_ID = `${fieldIds(FORM_ID, 'password').control}-rules`;

export interface RegisterValues {
  name: string;
  email: string;
  password: string;
  photoURL: string;
}

interface RegisterFieldsProps {
  register: UseFormRegister<RegisterValues>;
  errors: FieldErrors<RegisterValues>;
  /** The password as typed, for the requirements list under it. */
  password: string;
  onPhotoChange: () => void;
}

/** The registration form's fields: name, email, password with its requirements, and photo URL. */
export function RegisterFields({ register, errors, password, onPhotoChange }: RegisterFieldsProps) {
  return (
    <>
      <AuthField
        formId={FORM_ID}
        error={errors.name?.message}
        registration={register('name', {
          required: 'Full name is required',
          validate: (v) => v.trim() !== '' || 'Full name is required',
        })}
      />

      <AuthField
        formId={FORM_ID}
        error={errors.email?.message}
        registration={register('email', EMAIL_RULES)}
      />

      <Field formId={FORM_ID} name="password" label="Password" describedBy={PASSWORD_RULES_ID}>
        <PasswordInput
          autoComplete="new-password"
          placeholder="Create a password"
          required
          {...register('password')}
        />
        <PasswordRequirements id={PASSWORD_RULES_ID} password={password} />
      </Field>

      <AuthField
        formId={FORM_ID}
        error={errors.photoURL?.message}
        registration={register('photoURL', { onChange: onPhotoChange })}
      />
    </>
  );
}
