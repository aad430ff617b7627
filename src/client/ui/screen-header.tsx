import { useEffect, type ReactNode } from 'react';
import './screen-header.css';

/** The screen's one h1 (ui.md), in the big display face, with an optional tagline and controls. */
export function ScreenHeader({ title, tagline, children }: { title: string; tagline?: string; children?: ReactNode }) {
  useEffect(() => {
    document.title = `${title} // BITBREACH`;
  }, [title]);
  return (
    <header className="bb-screen-header">
      <div>
        <h1 className="bb-screen-header__title" data-text={title} tabIndex={-1}>
          {title}
        </h1>
        {tagline ? <p className="bb-screen-header__tagline">{tagline}</p> : null}
      </div>
      {children ? <div className="bb-screen-header__controls">{children}</div> : null}
    </header>
  );
}
