import { PASSWORD_MESSAGES, REGISTER_MESSAGES } from '@bulkwise/contracts';
import { ImageIcon, Mail, UserPlus, UserRound } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { errorDialog, successDialog } from '@/lib/dialogs';
import { useAuth } from '../auth-context';
import { firebaseErrorCode, registerErrorMessage } from '../auth-errors';
import { checkPassword } from '../password-rules';
import { PasswordInput } from './password-input';
import { PasswordRequirements } from './password-requirements';

interface RegisterValues {
  name: string;
  email: string;
  password: string;
  photoURL: string;
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="text-sm text-error" role="alert">
      {message}
    </p>
  );
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
    if (!photoURL) {
      setError('photoURL', { message: REGISTER_MESSAGES.photoRequired });
      setFocus('photoURL');
      return;
    }
    if (!isHttpUrl(photoURL)) {
      setError('photoURL', { message: 'Please enter a valid photo URL (http or https).' });
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
    <div className="card w-full max-w-md border border-base-300 bg-base-100 shadow-xl">
      <div className="card-body gap-5">
        <header className="text-center">
          <span className="mx-auto mb-3 flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
            <UserPlus className="size-6" aria-hidden="true" />
          </span>
          <h1 className="text-3xl font-bold">Create Account</h1>
          <p className="mt-1 text-base-content/70">Join Bulkwise to buy and sell in bulk</p>
        </header>

        <form className="flex flex-col gap-4" onSubmit={onSubmit} noValidate aria-label="Create account">
          <div className="flex flex-col gap-1">
            <label htmlFor="register-name" className="text-sm font-medium">
              Full Name
            </label>
            <div className="input w-full">
              <UserRound className="size-4 shrink-0 opacity-60" aria-hidden="true" />
              <input
                id="register-name"
                type="text"
                autoComplete="name"
                placeholder="Jane Doe"
                className="grow"
                required
                aria-invalid={errors.name ? true : undefined}
                aria-describedby={errors.name ? 'register-name-error' : undefined}
                {...register('name', {
                  required: 'Full name is required',
                  validate: (v) => v.trim() !== '' || 'Full name is required',
                })}
              />
            </div>
            <FieldError id="register-name-error" message={errors.name?.message} />
          </div>

          <div className="flex flex-col gap-1">
            <label htmlFor="register-email" className="text-sm font-medium">
              Email address
            </label>
            <div className="input w-full">
              <Mail className="size-4 shrink-0 opacity-60" aria-hidden="true" />
              <input
                id="register-email"
                type="email"
                autoComplete="email"
                placeholder="you@company.com"
                className="grow"
                required
                aria-invalid={errors.email ? true : undefined}
                aria-describedby={errors.email ? 'register-email-error' : undefined}
                {...register('email', { required: 'Email is required' })}
              />
            </div>
            <FieldError id="register-email-error" message={errors.email?.message} />
          </div>

          <div className="flex flex-col gap-1">
            <label htmlFor="register-password" className="text-sm font-medium">
              Password
            </label>
            <PasswordInput
              id="register-password"
              autoComplete="new-password"
              placeholder="Create a password"
              required
              aria-describedby="register-password-rules"
              {...register('password')}
            />
            <PasswordRequirements id="register-password-rules" password={password} />
          </div>

          <div className="flex flex-col gap-1">
            <label htmlFor="register-photo" className="text-sm font-medium">
              Photo URL
            </label>
            <div className="input w-full">
              <ImageIcon className="size-4 shrink-0 opacity-60" aria-hidden="true" />
              <input
                id="register-photo"
                type="url"
                autoComplete="photo"
                placeholder="https://example.com/photo.jpg"
                className="grow"
                required
                aria-invalid={errors.photoURL ? true : undefined}
                aria-describedby={errors.photoURL ? 'register-photo-error' : undefined}
                {...register('photoURL', { onChange: () => clearErrors('photoURL') })}
              />
            </div>
            <FieldError id="register-photo-error" message={errors.photoURL?.message} />
          </div>

          <button type="submit" className="btn btn-primary w-full" disabled={busy}>
            {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            {busy ? REGISTER_MESSAGES.busy : 'Create Account'}
          </button>
        </form>

        <p className="text-center text-sm">
          Already have an account?{' '}
          <Link to={paths.login.getHref()} className="link link-primary font-medium">
            Sign in
          </Link>
        </p>
      </div>
    </div>
  );
}
