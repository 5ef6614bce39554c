import { isHttpUrl } from '@bulkwise/contracts';
import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { BusyButton } from '@/components/form/busy-button';
import { Field } from '@/components/form/field';
import { fieldIds } from '@/components/form/field-ids';
import { PASSWORD_MESSAGES, REGISTER_MESSAGES } from '@/config/messages';
import { paths } from '@/config/paths';
import { errorDialog, successDialog } from '@/lib/dialogs';
import { useAuth } from '../auth-context';
import { firebaseErrorCode, registerErrorMessage } from '../auth-errors';
import { checkPassword } from '../password-rules';
import { AuthCard } from './auth-card';
import { AuthField, EMAIL_RULES } from './auth-field';
import { PasswordInput } from './password-input';
import { PasswordRequirements } from './password-requirements';

const FORM_ID = 'register';
const PASSWORD_RULES_ID = `${fieldIds(FORM_ID, 'password').control}-rules`;
const PHOTO_INVALID = 'Please enter a valid photo URL (http or https).';

interface RegisterValues {
  name: string;
  email: string;
  password: string;
  photoURL: string;
}

/** The photo check, run after the password dialog's check as before: null when the URL will do. */
function photoUrlError(photoURL: string): string | null {
  if (!photoURL) return REGISTER_MESSAGES.photoRequired;
  return isHttpUrl(photoURL) ? null : PHOTO_INVALID;
}

export function RegisterForm() {
  const { register: createAccount, runAuthFlow } = useAuth();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const {
    register,
    handleSubmit,
    control,
    setError,
    clearErrors,
    setFocus,
    formState: { errors },
  } = useForm<RegisterValues>({ defaultValues: { name: '', email: '', password: '', photoURL: '' } });

  const password = useWatch({ control, name: 'password' });

  const onSubmit = handleSubmit(async (values) => {
    const failures = checkPassword(values.password);
    if (failures.length > 0) {
      await errorDialog(PASSWORD_MESSAGES.title, failures);
      return;
    }
    const photoURL = values.photoURL.trim();
    const photoError = photoUrlError(photoURL);
    if (photoError) {
      setError('photoURL', { message: photoError });
      setFocus('photoURL');
      return;
    }

    setBusy(true);
    try {
      await runAuthFlow(async () => {
        try {
          await createAccount({
            name: values.name.trim(),
            email: values.email.trim(),
            password: values.password,
            photoURL,
          });
        } catch (err) {
          setBusy(false);
          const failure = registerErrorMessage(firebaseErrorCode(err));
          const choice = await errorDialog(REGISTER_MESSAGES.failedTitle, failure.message, {
            extraButton: failure.offerLogin ? 'Sign In' : undefined,
          });
          if (choice === 'extra') await navigate(paths.login.getHref());
          return;
        }
        await successDialog(REGISTER_MESSAGES.success);
        await navigate(paths.home.getHref(), { replace: true });
      });
    } finally {
      setBusy(false);
    }
  });

  return (
    <AuthCard
      icon={UserPlus}
      heading="Create Account"
      subtitle="Join Bulkwise to buy and sell in bulk"
      switchPrompt="Already have an account?"
      switchLabel="Sign in"
      switchTo={paths.login.getHref()}
    >
      <form className="flex flex-col gap-4" onSubmit={onSubmit} noValidate aria-label="Create account">
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
          registration={register('photoURL', { onChange: () => clearErrors('photoURL') })}
        />

        <BusyButton
          type="submit"
          className="btn btn-primary w-full"
          busy={busy}
          busyLabel={REGISTER_MESSAGES.busy}
        >
          Create Account
        </BusyButton>
      </form>
    </AuthCard>
  );
}
