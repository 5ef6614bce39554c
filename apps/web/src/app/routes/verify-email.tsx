import { useQuery, useQueryClient } from '@tanstack/react-query';
import { BadgeCheck, RotateCcw, TriangleAlert } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { PageSpinner } from '@/components/feedback/spinner';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth/auth-context';
import { usePageTitle } from '@/lib/page-title';

const TITLE = 'Verify Your Email';

/**
 * The page a verification mail links to (the API's templates.ts: /verify-email?oobCode=…). It applies
 * the code with Firebase; when signed in, the session then carries the verified address, and every
 * cached read is refetched so the "unverified" marks go away.
 */
export function Component() {
  usePageTitle(TITLE);
  const [params] = useSearchParams();
  const code = params.get('oobCode') ?? '';
  const { user, loading, applyEmailCode } = useAuth();
  const queryClient = useQueryClient();
  // Waits for the signed-in user to be restored, so the fresh token is exchanged for this user.
  const applied = useQuery({
    queryKey: ['verify-email', code],
    queryFn: async () => {
      await applyEmailCode(code);
      await queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'verify-email' });
      return true;
    },
    enabled: !loading && code !== '',
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });

  return (
    <section
      aria-labelledby="verify-email-title"
      className="mx-auto flex min-h-[50vh] max-w-lg flex-col items-center justify-center gap-4 px-4 py-16 text-center"
    >
      <h1 id="verify-email-title" className="text-3xl font-bold">
        {TITLE}
      </h1>
      {code === '' || applied.isError ? (
        <div role="alert" className="flex flex-col items-center gap-4">
          <TriangleAlert className="size-10 text-error" aria-hidden="true" />
          <p className="text-base-content/80">
            {code === ''
              ? 'This link is incomplete. Open the link from the email again, or ask for a new one in Settings.'
              : 'This verification link is invalid, expired or already used. Ask for a new one in Settings.'}
          </p>
          <div className="flex flex-wrap justify-center gap-2">
            {code !== '' && (
              <button type="button" className="btn btn-primary" onClick={() => void applied.refetch()}>
                <RotateCcw className="size-4" aria-hidden="true" />
                Try Again
              </button>
            )}
            <Link to={paths.settings.getHref()} className="btn btn-outline">
              Open Settings
            </Link>
          </div>
        </div>
      ) : applied.isSuccess ? (
        <div role="status" className="flex flex-col items-center gap-4">
          <BadgeCheck className="size-10 text-success" aria-hidden="true" />
          <p className="text-lg font-medium">Your email address is verified.</p>
          <p className="text-base-content/80">
            {user ? 'Order emails will reach you from now on.' : 'Sign in to continue.'}
          </p>
          <Link to={user ? paths.settings.getHref() : paths.login.getHref()} className="btn btn-primary">
            {user ? 'Back to Settings' : 'Sign in'}
          </Link>
        </div>
      ) : (
        <PageSpinner />
      )}
    </section>
  );
}
