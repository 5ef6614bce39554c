import { isHttpUrl } from '@bulkwise/contracts';
import { UserPlus } from 'lucide-react';
import { useForm, useWatch } from 'react-hook-form';
import { BusyButton } from '@/components/form/busy-button';
import { PASSWORD_MESSAGES, REGISTER_MESSAGES } from '@/config/messages';
import { paths } from '@/config/paths';
import { errorDialog } from '@/lib/dialogs';
import { checkPassword } from '../password-rules';
import { useCreateAccount } from '../use-create-account';
import { AuthCard } from './auth-card';
import { RegisterFields, type RegisterValues } from './register-fields';

const PHOTO_INVALID = 'Please enter a valid photo URL (http or https).';

/** The photo check, run after the password dialog's check as before: null when the URL will do. */
function photoUrlError(photoURL: string): string | null {
  if (!photoURL) return REGISTER_MESSAGES.photoRequired;
  return isHttpUrl(photoURL) ? null : PHOTO_INVALID;
}

/**
 * The checks before the account is created: the password's rules (a dialog), then the photo URL (a field
 * error). Resolves to the trimmed photo URL when both pass, else null.
 */
async function checkedPhotoUrl(
  values: RegisterValues,
  onPhotoError: (message: string) => void,
): Promise<string | null> {
  const failures = checkPassword(values.password);
  if (failures.length > 0) {
    await errorDialog(PASSWORD_MESSAGES.title, failures);
    return null;
  }
  const photoURL = values.photoURL.trim();
  const photoError = photoUrlError(photoURL);
  if (photoError) {
    onPhotoError(photoError);
    return null;
  }
  return photoURL;
}

export function RegisterForm() {
  const { busy, create } = useCreateAccount();
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
    const photoURL = await checkedPhotoUrl(values, (message) => {
      setError('photoURL', { message });
      setFocus('photoURL');
    });
    if (photoURL === null) return;
    await create({
      name: values.name.trim(),
      email: values.email.trim(),
      password: values.password,
      photoURL,
    });
  });

  return (
    <AuthCard
      icon={UserPlus}
      heading="Create Account"
      subtitle="Join Bulkwise to buy and sell in bulk"
      switchTo={{ prompt: 'Already have an account?', label: 'Sign in', to: paths.login.getHref() }}
    >
      <form className="flex flex-col gap-4" onSubmit={onSubmit} noValidate aria-label="Create account">
        <RegisterFields
          register={register}
          errors={errors}
          password={password}
          onPhotoChange={() => clearErrors('photoURL')}
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
