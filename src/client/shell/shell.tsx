import { useEffect, useState, type ReactNode } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { SocketProvider, useSocketStatus } from '../lib/socket/socket-provider';
import { DroneHarvest } from '../drone/drone-harvest';
import { MissionCelebration } from '../missions/mission-celebration';
import { MissionStrip } from '../missions/mission-strip';
import { useSession } from '../session/session-context';
import { ProgressProvider, useOptionalProgress, useProgress } from '../taps/progress-provider';
import type { MenuItem } from './menu-item';
import { SystemMenu } from './system-menu';
import { ActivityButton } from '../activity/activity-button';
import { useFocusHeadingOnChange } from '../ui/focus-heading';
import { FrameLayout, NotConnected } from './frame';
import type { HomeLinkProps } from './home-link';
import { useUnreadState } from './use-unread-badge';
import { ReconnectingOverlay } from './reconnecting-overlay';
import { screenEvents } from './screen-events';

/**
 * The frame around every route. While a player is signed in it also owns their ProgressProvider (so
 * queued decodes survive moving between screens) and the tab's one socket, both keyed by the player.
 */
export function Shell({ menu }: { menu: readonly MenuItem[] }) {
  const { user, status, signedInAtStart } = useSession();
  const { pathname } = useLocation();
  // A new screen's heading takes focus (after login, logout and SYSTEM-menu navigation; not on page
  // load). Here, not in ShellFrame: signing in remounts the frame inside the player's providers.
  useFocusHeadingOnChange(`${status}:${pathname}`, status !== 'loading', signedInAtStart);
  const frame = <ShellFrame menu={menu} />;
  return user ? (
    <ProgressProvider key={user.id} serverUser={user}>
      <LiveSession userId={user.id}>
        {frame}
        <MissionCelebration />
        <DroneHarvest />
      </LiveSession>
    </ProgressProvider>
  ) : (
    frame
  );
}

function LiveSession({ userId, children }: { userId: number; children: ReactNode }) {
  const progress = useProgress();
  const session = useSession();
  return (
    <SocketProvider
      userId={userId}
      decodesInFlight={progress.hasDecodesInFlight}
      onSessionEnded={session.refetchUser}
      screens={screenEvents}
    >
      <SessionCheckOnSocket />
      {children}
      <ReconnectingOverlay reconnecting={session.connection === 'reconnecting'} />
    </SocketProvider>
  );
}

/** Tells the session whether the socket is up, so its 5 s HTTP check runs only while it is not. */
function SessionCheckOnSocket() {
  const { socketUp, retryNow } = useSession();
  const up = useSocketStatus() === 'up';
  useEffect(() => socketUp(up), [socketUp, up]);
  // Unmounted by a sign-out: no check then, the session is already gone.
  useEffect(() => () => socketUp(false, false), [socketUp]);
  // The browser says the network is back: ask the server now rather than after the backoff wait.
  useEffect(() => {
    window.addEventListener('online', retryNow);
    return () => window.removeEventListener('online', retryNow);
  }, [retryNow]);
  return null;
}

function ShellFrame({ menu }: { menu: readonly MenuItem[] }) {
  const session = useSession();
  const progress = useOptionalProgress();
  const unread = useUnreadState();
  const [logoutPending, setLogoutPending] = useState(false);

  function logout() {
    setLogoutPending(true);
    void session.logout(progress?.flushBeforeLogout).finally(() => setLogoutPending(false));
  }

  const signedIn = session.status === 'signed-in';
  const { pathname } = useLocation();
  // A new screen (or signing in, which swaps the login form for the game) starts at the top.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname, signedIn]);

  return (
    <FrameLayout
      status={signedIn && session.user ? <ConnectedAs username={session.user.username} /> : <NotConnected />}
      menu={
        signedIn ? (
          <>
            <ActivityButton />
            <SystemMenu items={menu} unread={unread} onLogout={logout} logoutPending={logoutPending} />
          </>
        ) : undefined
      }
      strip={signedIn && session.user ? <MissionStrip /> : undefined}
      HomeLink={RouterHomeLink}
    >
      <Outlet />
    </FrameLayout>
  );
}

/** The brand and 404 links inside the game: client-side navigation, no page load. */
export function RouterHomeLink(props: HomeLinkProps) {
  return <Link to="/" {...props} />;
}

function ConnectedAs({ username }: { username: string }) {
  const live = useSocketStatus() === 'up';
  return (
    <span className="bb-shell__whoami" title={live ? 'Live link up' : 'Live link down: polling'}>
      <span className={live ? 'bb-shell__online' : 'bb-shell__polling'} aria-hidden="true" />
      UPLINK <span className="bb-shell__whoami-name">{username}</span>
      <span className="bb-visually-hidden">{live ? ', live' : ', reconnecting'}</span>
    </span>
  );
}
