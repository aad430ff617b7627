import type { ComponentType, ReactNode } from 'react';

export interface HomeLinkProps {
  className: string;
  'aria-label'?: string;
  children: ReactNode;
}

/** A link to the Mainframe ('/'): the router's Link in the game, a plain link before it loads. */
export type HomeLink = ComponentType<HomeLinkProps>;

/**
 * The link the signed-out frame uses: the router is not part of the login screen's first load
 * (ADR 040), and signed out, '/' is the login screen again, so a page load costs nothing.
 */
export function PlainHomeLink(props: HomeLinkProps) {
  return <a href="/" {...props} />;
}
