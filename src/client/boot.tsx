import { Component, lazy, Suspense, useCallback, useEffect, useState, type ReactNode } from 'react';
import { texts } from './lib/first-load-texts';
import { isScreenPath, signedOutNotices } from './route-paths';
import { AuthScreen } from './screens/auth/auth-screen';
import { BootScreen } from './screens/auth/boot-screen';
import { NotFoundScreen } from './screens/not-found/not-found-screen';
import { fetchSessionUser, wasSignedIn, type SessionStart } from './session/session-start';
import { FrameLayout, NotConnected } from './shell/frame';
import './ui/screen-header.css';

// The first load (ADR 040): React, this boot, the signed-out frame and the login screen. The game
// (router, query cache, API contract, the Mainframe) is a chunk of its own, loaded once a player is
// signed in, or while they type their password, so the login screen paints without waiting for it.
const loadGame = () => import('./app');
const Game = lazy(() => loadGame().then((m) => ({ default: m.App })));

type BootState = { kind: 'checking' } | { kind: 'signed-out' } | { kind: 'signed-in'; start: SessionStart };

/**
 * Which boot frame the HTML carried: the server sends the signed-in shell to a browser that holds a
 * session cookie (ADR 076), and React must render the same frame or the page would jump.
 */
export function Boot({ signedInShell }: { signedInShell: { title: string | undefined } | null }) {
  const [state, setState] = useState<BootState>({ kind: 'checking' });

  useEffect(() => {
    // A browser that was signed in last time fetches the game alongside the session check.
    if (wasSignedIn.get()) void loadGame().catch(() => undefined);
    let live = true;
    void fetchSessionUser().then((user) => {
      if (!live) return;
      wasSignedIn.set(user !== null);
      setState(
        user === null
          ? { kind: 'signed-out' }
          : { kind: 'signed-in', start: { user, csrfToken: null, signedInNow: false } },
      );
    });
    return () => {
      live = false;
    };
  }, []);

  const signedIn = useCallback((start: SessionStart) => {
    wasSignedIn.set(true);
    setState({ kind: 'signed-in', start });
  }, []);

  if (state.kind === 'signed-in') {
    return (
      <GameLoadFault>
        <Suspense fallback={<SignedInBootFrame title={signedInShell?.title} />}>
          <Game start={state.start} />
        </Suspense>
      </GameLoadFault>
    );
  }
  if (state.kind === 'checking')
    return signedInShell ? <SignedInBootFrame title={signedInShell.title} /> : <BootFrame />;
  return <SignedOutFrame>{<SignedOutScreen onSignedIn={signedIn} />}</SignedOutFrame>;
}

/**
 * The page while the session is checked. index.html carries the same markup, so the browser paints
 * it from the HTML and CSS alone, before any JavaScript arrives (boot-markup.test.ts keeps them equal).
 */
export function BootFrame() {
  return (
    <SignedOutFrame>
      <BootScreen />
    </SignedOutFrame>
  );
}

/**
 * The page a returning player sees while the session is checked and the game loads: the game's own
 * frame with the screen's title (bootScreenTitles) and the loading line the screens show while their
 * chunk arrives, never the login splash (the built signed-in pages carry the same markup;
 * boot-markup.test.ts keeps them equal).
 */
export function SignedInBootFrame({ title }: { title?: string | undefined }) {
  return (
    <FrameLayout
      status={
        <span className="bb-shell__whoami">
          <span className="bb-shell__polling" aria-hidden="true" />
          {texts.shell.uplink}
        </span>
      }
    >
      <div className="bb-boot-shell" aria-busy="true">
        {title === undefined ? null : (
          // The screen's own header, drawn before its code arrives: a picture of it, not yet a heading, so
          // the page has one h1 — the screen's — once it is there, and nothing waits on this one.
          <header className="bb-screen-header" aria-hidden="true">
            <div>
              <p className="bb-screen-header__title bb-boot-shell__title" data-text={title}>
                {title}
              </p>
            </div>
          </header>
        )}
        <p className="bb-muted" role="status">
          {texts.shell.loading}
        </p>
      </div>
    </FrameLayout>
  );
}

function SignedOutFrame({ children }: { children: ReactNode }) {
  return <FrameLayout status={<NotConnected />}>{children}</FrameLayout>;
}

/** What a signed-out visitor sees at this path: the login screen (spec §2), or the 404 screen. */
function SignedOutScreen({ onSignedIn }: { onSignedIn: (start: SessionStart) => void }) {
  const { pathname } = window.location;
  if (!isScreenPath(pathname)) return <NotFoundScreen />;
  const notice = signedOutNotices[pathname];
  return (
    // Typing a password takes seconds: time enough to fetch the game without delaying the paint. Only the
    // player's own keys or pointer fetch it: the screen focuses LOGIN_ID by itself on arrival, and whether
    // that focus counts as the player's (navigator.userActivation) was not reliable from one load to the next.
    <div onKeyDownCapture={prefetchGame} onPointerDownCapture={prefetchGame}>
      {notice ? (
        <p className="bb-require-notice" role="status">
          {notice}
        </p>
      ) : null}
      <AuthScreen onSignedIn={onSignedIn} />
    </div>
  );
}

/** Fetches the game's code once the player acts on the login screen. */
function prefetchGame(): void {
  void loadGame().catch(() => undefined);
}

/** The game's code failed to load (offline, a deploy replaced it): say so and offer a reload. */
class GameLoadFault extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <FrameLayout status={<NotConnected />}>
        <div className="bb-auth bb-boot">
          <p role="alert">{texts.loginFailedGeneric}</p>
          <a href={window.location.pathname}>Reload</a>
        </div>
      </FrameLayout>
    );
  }
}
