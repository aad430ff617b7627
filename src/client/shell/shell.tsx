import { useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useSession } from '../session/session-context';
import { ProgressProvider, useOptionalProgress } from '../taps/progress-provider';
import type { MenuItem } from './menu-item';
import { SystemMenu } from './system-menu';
import { TopBar } from './top-bar';
import { useHasUnreadMessages } from './use-unread-badge';
import './shell.css';

/**
 * The frame around every route. While a player is signed in it also owns their ProgressProvider,
 * so queued decodes survive moving between screens.
 */
export function Shell({ menu }: { menu: readonly MenuItem[] }) {
  const { user } = useSession();
  const frame = <ShellFrame menu={menu} />;
  return user ? (
    <ProgressProvider key={user.id} serverUser={user}>
      {frame}
    </ProgressProvider>
  ) : (
    frame
  );
}

function ShellFrame({ menu }: { menu: readonly MenuItem[] }) {
  const session = useSession();
  const progress = useOptionalProgress();
  const hasUnread = useHasUnreadMessages();
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
    <div className="bb-shell">
      <a className="bb-skip-link" href="#main">
        Skip to content
      </a>
      <TopBar
        status={signedIn && session.user ? <ConnectedAs username={session.user.username} /> : <NotConnected />}
        menu={
          signedIn ? (
            <SystemMenu items={menu} hasUnread={hasUnread} onLogout={logout} logoutPending={logoutPending} />
          ) : undefined
        }
      />
      <main id="main" className="bb-shell__main" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}

function ConnectedAs({ username }: { username: string }) {
  return (
    <span className="bb-shell__whoami">
      <span className="bb-shell__online" aria-hidden="true" />
      UPLINK <span className="bb-shell__whoami-name">{username}</span>
    </span>
  );
}

function NotConnected() {
  return (
    <span className="bb-shell__whoami bb-shell__whoami--off">
      <span className="bb-shell__offline" aria-hidden="true" />
      NO UPLINK
    </span>
  );
}
