import { useForm } from 'react-hook-form';
import { BusyButton } from '@/components/form/busy-button';
import { Field } from '@/components/form/field';
import { AuthField, EMAIL_RULES } from './auth-field';
import { PasswordInput } from './password-input';

const FORM_ID = 'login';

interface LoginValues {
  email: string;
  password: string;
}

interface PasswordSignInProps {
  /** This form's attempt is running (the button spins). */
  busy: boolean;
  /** Any attempt is running (the button is disabled). */
  disabled: boolean;
  onSignIn: (email: string, password: string) => Promise<void>;
}

/** The email and password half of the sign-in page. */
export function PasswordSignIn({ busy, disabled, onSignIn }: PasswordSignInProps) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginValues>({ defaultValues: { email: '', password: '' } });

  const onSubmit = handleSubmit(({ email, password }) => onSignIn(email, password));

  return (
    <form className="flex flex-col gap-4" onSubmit={onSubmit} noValidate aria-label="Sign in">
      <AuthField
        formId={FORM_ID}
        error={errors.email?.message}
        registration={register('email', EMAIL_RULES)}
      />

      <Field formId={FORM_ID} name="password" label="Password" error={errors.password?.message}>
        <PasswordInput
          autoComplete="current-password"
          placeholder="Your password"
          required
          {...register('password', { required: 'Password is required' })}
        />
      </Field>

      <BusyButton type="submit" className="btn btn-primary w-full" busy={busy} disabled={disabled}>
        Sign in
      </BusyButton>
    </form>
  );
}
