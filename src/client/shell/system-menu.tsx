import { lazy, Suspense, useRef, useState } from 'react';
import type { MenuItem } from './menu-item';
import type { UnreadState } from './unread-model';
import '../ui/unread-badge.css';
import './system-menu.css';
import { texts } from '../../core/texts';

const loadDialog = () => import('./system-menu-dialog');
// The dialog (and Radix with it) is fetched when the pointer or focus reaches the trigger, not with
// the first paint of every screen (ADR 069).
const SystemMenuDialog = lazy(() => loadDialog().then((m) => ({ default: m.SystemMenuDialog })));
const preload = () => void loadDialog().catch(() => undefined);

export interface SystemMenuProps {
  items: readonly MenuItem[];
  unread: UnreadState;
  onLogout(): void;
  logoutPending: boolean;
}

/** The SYSTEM menu, top right (spec §2): a button and, once opened, a Radix dialog. */
export function SystemMenu(props: SystemMenuProps) {
  const { unread } = props;
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={trigger}
        type="button"
        className="bb-sysmenu__trigger"
        aria-haspopup="dialog"
        aria-expanded={open}
        data-state={open ? 'open' : 'closed'}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      >
        <span className="bb-sysmenu__glyph" aria-hidden="true">
          ≡
        </span>
        {texts.shell.system}
        {unread.any ? (
          <span className="bb-unread-badge bb-sysmenu__badge" data-testid="unread-badge">
            !<span className="bb-visually-hidden">{texts.shell.unreadMessagesSpoken}</span>
          </span>
        ) : null}
      </button>
      {opened ? (
        <Suspense fallback={null}>
          <SystemMenuDialog {...props} open={open} setOpen={setOpen} trigger={trigger} />
        </Suspense>
      ) : null}
    </>
  );
}
