import { LoginForm } from '@/features/auth/components/login-form';
import { usePageTitle } from '@/lib/page-title';

export function Component() {
  usePageTitle('Login');
  return (
    <div className="flex min-h-[calc(100vh-var(--nav-height))] items-center justify-center bg-base-200 px-4 py-12">
      <LoginForm />
    </div>
  );
}
