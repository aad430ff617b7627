import * as Dialog from '@radix-ui/react-dialog';
import { useRef, useState } from 'react';
import { NavLink } from 'react-router';
import type { MenuItem } from './menu-item';
import type { UnreadState } from './unread-model';
import '../ui/unread-badge.css';
import './system-menu.css';
import { texts } from '../../core/texts';

const hintId = (to: string) => `bb-sysmenu-hint${to.replace(/\//g, '-')}`;

export interface SystemMenuProps {
  items: readonly MenuItem[];
  unread: UnreadState;
  onLogout(): void;
  logoutPending: boolean;
}

/** The SYSTEM menu, top right (spec §2): a Radix dialog, so focus is trapped and Escape closes it. */
export function SystemMenu({ items, unread, onLogout, logoutPending }: SystemMenuProps) {
  const [open, setOpen] = useState(false);
  // Set when an entry is chosen: the new screen's heading takes focus, not this trigger (7g).
  const navigating = useRef(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className="bb-sysmenu__trigger">
        <span className="bb-sysmenu__glyph" aria-hidden="true">
          ≡
        </span>
        {texts.shell.system}
        {unread.any ? (
          <span className="bb-unread-badge bb-sysmenu__badge" data-testid="unread-badge">
            !<span className="bb-visually-hidden">{texts.shell.unreadMessagesSpoken}</span>
          </span>
        ) : null}
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="bb-sysmenu__overlay" />
        <Dialog.Content
          className="bb-sysmenu__content"
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            if (navigating.current) event.preventDefault();
            navigating.current = false;
          }}
        >
          <div className="bb-sysmenu__head">
            <Dialog.Title className="bb-sysmenu__title">
              <span aria-hidden="true">[ </span>{texts.shell.system}<span aria-hidden="true"> ]</span>
            </Dialog.Title>
            <Dialog.Close className="bb-sysmenu__close" aria-label={texts.shell.closeMenu}>
              ×
            </Dialog.Close>
          </div>
          <nav aria-label={texts.shell.screensNav}>
            <ul className="bb-sysmenu__list">
              {items.map((item) => (
                <li key={item.to}>
                  <NavLink
                    to={item.to}
                    end
                    aria-describedby={hintId(item.to)}
                    className="bb-sysmenu__link"
                    onClick={() => {
                      navigating.current = true;
                      setOpen(false);
                    }}
                  >
                    <span className="bb-sysmenu__caret" aria-hidden="true">
                      &gt;
                    </span>
                    <span className="bb-sysmenu__text">
                      {item.label}
                      {/* A description, not part of the name: the entry is still found and spoken by its label. */}
                      <span className="bb-sysmenu__hint" id={hintId(item.to)} aria-hidden="true">
                        {item.hint}
                      </span>
                    </span>
                    {item.unread && unread[item.unread] ? (
                      <span className="bb-unread-badge bb-sysmenu__entry-badge" data-testid={`unread-${item.unread}`}>
                        !<span className="bb-visually-hidden">{texts.shell.unreadSpoken}</span>
                      </span>
                    ) : null}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <button
            type="button"
            className="bb-sysmenu__logout"
            disabled={logoutPending}
            onClick={() => {
              setOpen(false);
              onLogout();
            }}
          >
            {logoutPending ? texts.shell.loggingOut : texts.shell.logout}
          </button>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
