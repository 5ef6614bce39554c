import { LogIn } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router';
import { BusyButton } from '@/components/form/busy-button';
import { Field } from '@/components/form/field';
import { GoogleIcon } from '@/components/ui/brand-icons';
import { GOOGLE_MESSAGES, LOGIN_MESSAGES } from '@/config/messages';
import { paths, redirectTarget } from '@/config/paths';
import { errorDialog, successDialog } from '@/lib/dialogs';
import { useAuth } from '../auth-context';
import { firebaseErrorCode, googleErrorMessage, loginErrorMessage } from '../auth-errors';
import { AuthCard } from './auth-card';
import { AuthField, EMAIL_RULES } from './auth-field';
import { PasswordInput } from './password-input';

const FORM_ID = 'login';

interface LoginValues {
  email: string;
  password: string;
}

type Busy = 'password' | 'google' | null;

export function LoginForm() {
  const { signIn, signInWithGoogle, runAuthFlow } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [busy, setBusy] = useState<Busy>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginValues>({ defaultValues: { email: '', password: '' } });

  const from = redirectTarget(location.state);

  async function attempt(kind: Exclude<Busy, null>, action: () => Promise<void>) {
    setBusy(kind);
    try {
      await runAuthFlow(async () => {
        try {
          await action();
        } catch (err) {
          setBusy(null);
          const code = firebaseErrorCode(err);
          if (kind === 'google') {
            await errorDialog(GOOGLE_MESSAGES.failedTitle, googleErrorMessage(code), {
              confirmText: 'Try Again',
            });
            return;
          }
          const failure = loginErrorMessage(code);
          const choice = await errorDialog(LOGIN_MESSAGES.failedTitle, failure.message, {
            confirmText: 'Try Again',
            extraButton: failure.offerRegister ? 'Create Account' : undefined,
          });
          if (choice === 'extra') await navigate(paths.register.getHref());
          return;
        }
        await successDialog(kind === 'google' ? LOGIN_MESSAGES.googleSuccess : LOGIN_MESSAGES.success);
        await navigate(from, { replace: true });
      });
    } finally {
      setBusy(null);
    }
  }

  const onSubmit = handleSubmit(({ email, password }) =>
    attempt('password', () => signIn(email.trim(), password)),
  );

  return (
    <AuthCard
      icon={LogIn}
      heading={LOGIN_MESSAGES.heading}
      subtitle={LOGIN_MESSAGES.subtitle}
      switchPrompt="Don't have an account?"
      switchLabel="Register"
      switchTo={paths.register.getHref()}
    >
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

        <BusyButton
          type="submit"
          className="btn btn-primary w-full"
          busy={busy === 'password'}
          disabled={busy !== null}
        >
          Sign in
        </BusyButton>
      </form>

      <div className="divider my-0 text-sm text-base-content/60">or</div>

      <BusyButton
        className="btn btn-outline w-full"
        busy={busy === 'google'}
        disabled={busy !== null}
        icon={<GoogleIcon size={18} />}
        onClick={() => void attempt('google', signInWithGoogle)}
      >
        Sign in with Google
      </BusyButton>
    </AuthCard>
  );
}
