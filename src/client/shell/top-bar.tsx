import { Link } from 'react-router';
import type { ReactNode } from 'react';
import './top-bar.css';
import { texts } from '../../core/texts';

/** The strip above every screen: the brand on the left, the SYSTEM menu (when signed in) on the right. */
export function TopBar({ status, menu }: { status?: ReactNode; menu?: ReactNode }) {
  return (
    <header className="bb-topbar">
      <div className="bb-topbar__inner">
        <Link to="/" className="bb-topbar__brand" aria-label={texts.shell.brandHome}>
          <span className="bb-topbar__logo" aria-hidden="true">
            BIT<span className="bb-topbar__logo-accent">BREACH</span>
          </span>
          <span className="bb-topbar__cursor" aria-hidden="true" />
        </Link>
        <div className="bb-topbar__right">
          {status ? <div className="bb-topbar__status">{status}</div> : null}
          {menu}
        </div>
      </div>
    </header>
  );
}
