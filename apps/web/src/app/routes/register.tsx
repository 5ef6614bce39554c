import { CenteredPage } from '@/components/layout/page-section';
import { RegisterForm } from '@/features/auth/components/register-form';

export function Component() {
  return (
    <CenteredPage title="Register">
      <RegisterForm />
    </CenteredPage>
  );
}
