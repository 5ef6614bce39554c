import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { PageSpinner } from '@/components/feedback/spinner';
import { useAuth } from '@/features/auth/auth-context';
import { VerifyEmailDone, VerifyEmailFailed } from '@/features/auth/components/verify-email-outcome';
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
        <VerifyEmailFailed missingCode={code === ''} onRetry={() => void applied.refetch()} />
      ) : applied.isSuccess ? (
        <VerifyEmailDone signedIn={Boolean(user)} />
      ) : (
        <PageSpinner />
      )}
    </section>
  );
}
