import type { ReactNode } from 'react';
import './top-bar.css';
import { texts } from '../lib/first-load-texts';
import { PlainHomeLink, type HomeLink } from './home-link';

/** The strip above every screen: the brand on the left, the SYSTEM menu (when signed in) on the right. */
export function TopBar({
  status,
  menu,
  HomeLink = PlainHomeLink,
}: {
  status?: ReactNode;
  menu?: ReactNode;
  HomeLink?: HomeLink;
}) {
  return (
    <header className="bb-topbar">
      <div className="bb-topbar__inner">
        <HomeLink className="bb-topbar__brand" aria-label={texts.shell.brandHome}>
          <span className="bb-topbar__logo" aria-hidden="true">
            BIT<span className="bb-topbar__logo-accent">BREACH</span>
          </span>
          <span className="bb-topbar__cursor" aria-hidden="true" />
        </HomeLink>
        <div className="bb-topbar__right">
          {status ? <div className="bb-topbar__status">{status}</div> : null}
          {menu}
        </div>
      </div>
    </header>
  );
}
