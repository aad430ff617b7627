import { useId, type HTMLAttributes, type ReactNode } from 'react';
import './panel.css';

export interface PanelProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  /** Shown in the title bar as `[ TITLE ]`; also names the region for assistive technology. */
  title: string;
  /** Small controls or readouts on the right of the title bar. */
  actions?: ReactNode;
  tone?: 'default' | 'accent' | 'danger' | 'telnet';
  children: ReactNode;
}

/** A panel with a thin `[ TITLE ]` bar (ui.md): the frame every screen builds from. */
export function Panel({ title, actions, tone = 'default', className, children, ...rest }: PanelProps) {
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      className={['bb-panel', `bb-panel--${tone}`, className].filter(Boolean).join(' ')}
      {...rest}
    >
      <header className="bb-panel__bar">
        <h2 id={titleId} className="bb-panel__title">
          <span aria-hidden="true">[ </span>
          {title}
          <span aria-hidden="true"> ]</span>
        </h2>
        {actions ? <div className="bb-panel__actions">{actions}</div> : null}
      </header>
      <div className="bb-panel__body">{children}</div>
    </section>
  );
}
