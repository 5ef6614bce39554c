import { RegisterForm } from '@/features/auth/components/register-form';
import { usePageTitle } from '@/lib/page-title';

export function Component() {
  usePageTitle('Register');
  return (
    <div className="flex min-h-[calc(100vh-var(--nav-height))] items-center justify-center bg-base-200 px-4 py-12">
      <RegisterForm />
    </div>
  );
}
