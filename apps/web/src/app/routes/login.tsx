import { CenteredPage } from '@/components/layout/page-section';
import { LoginForm } from '@/features/auth/components/login-form';

export function Component() {
  return (
    <CenteredPage title="Login">
      <LoginForm />
    </CenteredPage>
  );
}
