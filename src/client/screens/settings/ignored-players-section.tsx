import { useRef } from 'react';
import { fillText, texts } from '../../../core/texts';
import { errorText } from '../../lib/api-error';
import { IgnoredToast } from '../../safety/ignored-toast';
import { useIgnoreActions, useIgnoreList } from '../../safety/use-ignores';
import { CommandButton } from '../../ui/button';
import { Panel } from '../../ui/panel';
import { useToast } from '../../ui/toast';

const s = texts.safety;
const day = (iso: string) => iso.slice(0, 10);

/**
 * IGNORED PLAYERS (ADR 056): the server-held list with UNIGNORE and an undo toast. After an unignore,
 * focus moves to the next row's button (or the previous, or the list when it is empty).
 */
export function IgnoredPlayersSection() {
  const list = useIgnoreList();
  const { unignore } = useIgnoreActions();
  const toast = useToast();
  const listRef = useRef<HTMLDivElement>(null);
  const ignored = list.data?.ignored ?? [];

  function onUnignore(index: number) {
    const player = ignored[index]!;
    const next = ignored[index + 1] ?? ignored[index - 1];
    unignore.mutate(player.userId, {
      onSuccess: () => {
        const nextButton = next
          ? listRef.current?.querySelector<HTMLButtonElement>(`[data-user="${next.userId}"]`)
          : null;
        (nextButton ?? listRef.current)?.focus();
        toast.show({
          title: s.unignore,
          tone: 'info',
          description: <IgnoredToast userId={player.userId} username={player.username} undoes="unignore" />,
        });
      },
      onError: (error) => toast.show({ title: s.unignore, tone: 'danger', description: errorText(error) }),
    });
  }

  return (
    <Panel title={s.ignoredTitle} className="bb-settings__panel">
      <p className="bb-settings__hint">{s.ignoredHint}</p>
      <div ref={listRef} tabIndex={-1} className="bb-row-list" data-testid="ignored-players">
        {list.isPending ? <p className="bb-settings__hint">…</p> : null}
        {list.isError ? (
          <p className="bb-settings__message bb-settings__message--refused" role="alert">
            {s.ignoredLoadFailed}
          </p>
        ) : null}
        {list.data && ignored.length === 0 ? <p className="bb-settings__hint">{s.ignoredEmpty}</p> : null}
        {ignored.length > 0 ? (
          <ul aria-label={s.ignoredTitle}>
            {ignored.map((p, i) => (
              <li key={p.userId} className="bb-row-list__row">
                <span className="bb-row-list__name">{p.username}</span>
                <span className="bb-settings__ignored-since">
                  {fillText(s.ignoredSince, { date: day(p.createdAt) })}
                </span>
                <CommandButton
                  data-user={p.userId}
                  size="small"
                  aria-label={`${s.unignore} ${p.username}`}
                  disabled={unignore.isPending}
                  onClick={() => onUnignore(i)}
                >
                  {s.unignore}
                </CommandButton>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </Panel>
  );
}
