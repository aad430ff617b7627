import * as Dialog from '@radix-ui/react-dialog';
import { useRef, type RefObject } from 'react';
import { NavLink } from 'react-router';
import type { SystemMenuProps } from './system-menu';
import { texts } from '../../core/texts';

const hintId = (to: string) => `bb-sysmenu-hint${to.replace(/\//g, '-')}`;

/**
 * The SYSTEM menu's dialog (Radix: focus trapped, Escape closes it, focus back on the trigger),
 * loaded when the player first reaches for the trigger (system-menu.tsx, ADR 069).
 */
export function SystemMenuDialog({
  items,
  unread,
  onLogout,
  logoutPending,
  open,
  setOpen,
  trigger,
}: SystemMenuProps & { open: boolean; setOpen(open: boolean): void; trigger: RefObject<HTMLButtonElement | null> }) {
  // Set when an entry is chosen: the new screen's heading takes focus, not this trigger (7g).
  const navigating = useRef(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Portal>
        <Dialog.Overlay className="bb-sysmenu__overlay" />
        <Dialog.Content
          className="bb-sysmenu__content"
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            // The trigger is our own button, not a Dialog.Trigger (it stays out of the lazy chunk), so Radix
            // does not know where to send focus back: back to SYSTEM, unless an entry was chosen.
            event.preventDefault();
            if (!navigating.current) trigger.current?.focus();
            navigating.current = false;
          }}
        >
          <div className="bb-sysmenu__head">
            <Dialog.Title className="bb-sysmenu__title">
              <span aria-hidden="true">[ </span>
              {texts.shell.system}
              <span aria-hidden="true"> ]</span>
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
