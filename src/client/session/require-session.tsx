import type { ReactNode } from 'react';
import { AuthScreen } from '../screens/auth/auth-screen';
import { BootScreen } from '../screens/auth/boot-screen';
import { useSession } from './session-context';

/** spec §2: every route needs a signed-in player; otherwise the login screen takes its place (URL kept). */
export function RequireSession({ children, signedOutNotice }: { children: ReactNode; signedOutNotice?: string | undefined }) {
  const { status, signIn } = useSession();
  if (status === 'loading') return <BootScreen />;
  if (status === 'signed-out')
    return (
      <>
        {signedOutNotice ? (
          <p className="bb-require-notice" role="status">
            {signedOutNotice}
          </p>
        ) : null}
        <AuthScreen onSignedIn={signIn} />
      </>
    );
  return <>{children}</>;
}
