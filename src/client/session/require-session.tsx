import { lazy, Suspense, type ReactNode } from 'react';
import { AuthScreen } from '../screens/auth/auth-screen';
import { BootScreen } from '../screens/auth/boot-screen';
import { useSession } from './session-context';

// Its own chunk: only a renamed player ever loads it (ADR 060).
const ChooseUsernameScreen = lazy(() => import('../screens/auth/choose-username-screen'));

/** spec §2: every route needs a signed-in player; otherwise the login screen takes its place (URL kept). */
export function RequireSession({
  children,
  signedOutNotice,
}: {
  children: ReactNode;
  signedOutNotice?: string | undefined;
}) {
  const { status, signIn, user } = useSession();
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
  // A moderator retired the player's name: nothing else answers until they choose a new one.
  if (user?.renameRequired)
    return (
      <Suspense fallback={<BootScreen />}>
        <ChooseUsernameScreen currentName={user.username} />
      </Suspense>
    );
  return <>{children}</>;
}
