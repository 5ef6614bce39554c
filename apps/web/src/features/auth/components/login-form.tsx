import { LogIn } from 'lucide-react';
import { BusyButton } from '@/components/form/busy-button';
import { GoogleIcon } from '@/components/ui/brand-icons';
import { LOGIN_MESSAGES } from '@/config/messages';
import { paths } from '@/config/paths';
import { useAuth } from '../auth-context';
import { useLoginAttempt } from '../use-login-attempt';
import { AuthCard } from './auth-card';
import { PasswordSignIn } from './password-sign-in';

export function LoginForm() {
  const { signIn, signInWithGoogle } = useAuth();
  const { busy, attempt } = useLoginAttempt();

  return (
    <AuthCard
      icon={LogIn}
      heading={LOGIN_MESSAGES.heading}
      subtitle={LOGIN_MESSAGES.subtitle}
      switchTo={{ prompt: "Don't have an account?", label: 'Register', to: paths.register.getHref() }}
    >
      <PasswordSignIn
        busy={busy === 'password'}
        disabled={busy !== null}
        onSignIn={(email, password) => attempt('password', () => signIn(email.trim(), password))}
      />

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
