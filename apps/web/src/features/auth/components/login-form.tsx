import { GOOGLE_MESSAGES, LOGIN_MESSAGES } from '@bulkwise/contracts';
import { LogIn, Mail } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { BusyButton } from '@/components/form/busy-button';
import { IconInput } from '@/components/form/controls';
import { Field } from '@/components/form/field';
import { GoogleIcon } from '@/components/ui/brand-icons';
import { paths, redirectTarget } from '@/config/paths';
import { errorDialog, successDialog } from '@/lib/dialogs';
import { useAuth } from '../auth-context';
import { firebaseErrorCode, googleErrorMessage, loginErrorMessage } from '../auth-errors';
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
    <div className="card w-full max-w-md border border-base-300 bg-base-100 shadow-xl">
      <div className="card-body gap-5">
        <header className="text-center">
          <span className="mx-auto mb-3 flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
            <LogIn className="size-6" aria-hidden="true" />
          </span>
          <h1 className="text-3xl font-bold">{LOGIN_MESSAGES.heading}</h1>
          <p className="mt-1 text-base-content/70">{LOGIN_MESSAGES.subtitle}</p>
        </header>

        <form className="flex flex-col gap-4" onSubmit={onSubmit} noValidate aria-label="Sign in">
          <Field formId={FORM_ID} name="email" label="Email address" error={errors.email?.message}>
            <IconInput
              icon={Mail}
              type="email"
              autoComplete="email"
              placeholder="you@company.com"
              required
              {...register('email', { required: 'Email is required' })}
            />
          </Field>

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

        <p className="text-center text-sm">
          Don&apos;t have an account?{' '}
          <Link to={paths.register.getHref()} className="link link-primary font-medium">
            Register
          </Link>
        </p>
      </div>
    </div>
  );
}
