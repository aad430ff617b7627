import type { MouseEvent } from 'react';
import type { PlayerView } from '../../../core/api/admin-actions';
import { consoleTexts } from '../../../core/texts/console';
import { CommandButton } from '../../ui/button';
import { Panel } from '../../ui/panel';
import { consoleTime, statusLine, type ConsoleAction } from './players-model';
import { formatTelnet } from '../../lib/format-telnet';

const t = consoleTexts.players;

export type Act = (action: ConsoleAction, opener: HTMLElement) => void;

/** The PLAYER panel: who they are, where they stand, and the actions on them (each slot keeps its button, so focus can return to it). */
export function PlayerFacts({ view, onAct }: { view: PlayerView; onAct: Act }) {
  const p = view.player;
  const who = { userId: p.userId, username: p.username };
  const act = (kind: 'mute' | 'unmute' | 'ban' | 'unban' | 'rename') => (e: MouseEvent<HTMLButtonElement>) =>
    onAct({ kind, ...who }, e.currentTarget);
  const facts: [string, string][] = [
    [t.fields.level, String(p.level)],
    [t.fields.exp, String(p.exp)],
    [t.fields.telnet, formatTelnet(p.telnet)],
    [t.fields.role, p.role],
    [t.fields.status, statusLine(p)],
    [t.fields.created, consoleTime(p.createdAt)],
    [t.fields.kernelBits, String(view.kernelBits)],
  ];
  return (
    <Panel
      title={`${t.panels.player} ${p.username}`}
      tone={p.banned ? 'danger' : 'accent'}
      className="bb-console__facts"
    >
      <dl className="bb-console__dl">
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd data-testid={`fact-${label}`}>{value}</dd>
          </div>
        ))}
      </dl>
      <div className="bb-console__actions" role="group" aria-label={t.panels.actions}>
        <CommandButton key="mute-slot" onClick={act(p.mutedUntil ? 'unmute' : 'mute')}>
          {p.mutedUntil ? t.actions.unmute : t.actions.mute}
        </CommandButton>
        <CommandButton key="ban-slot" variant="danger" onClick={act(p.banned ? 'unban' : 'ban')}>
          {p.banned ? t.actions.unban : t.actions.ban}
        </CommandButton>
        <CommandButton key="rename-slot" onClick={act('rename')}>
          {t.actions.rename}
        </CommandButton>
      </div>
    </Panel>
  );
}
