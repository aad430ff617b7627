import type { ReactNode } from 'react';
import { PlainHomeLink, type HomeLink } from './home-link';
import { TopBar } from './top-bar';
import './shell.css';

/**
 * The page around every screen: skip link, top bar, main. Router-free, so the signed-out frame the
 * boot shows before the game loads (ADR 040) and the game's Shell are one markup.
 */
export function FrameLayout({
  status,
  menu,
  strip,
  HomeLink = PlainHomeLink,
  children,
}: {
  status: ReactNode;
  menu?: ReactNode;
  /** A slim line under the top bar (a signed-in player's current mission). */
  strip?: ReactNode;
  HomeLink?: HomeLink;
  children: ReactNode;
}) {
  return (
    <div className="bb-shell">
      <a className="bb-skip-link" href="#main">
        Skip to content
      </a>
      <TopBar status={status} menu={menu} HomeLink={HomeLink} />
      {strip}
      <main id="main" className="bb-shell__main" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}

export function NotConnected() {
  return (
    <span className="bb-shell__whoami bb-shell__whoami--off">
      <span className="bb-shell__offline" aria-hidden="true" />
      NO UPLINK
    </span>
  );
}
