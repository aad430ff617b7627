import type { ChatMessage } from '../../../core/api/chat';
import { fillText, texts } from '../../../core/texts';
import { PlayerActions } from '../../safety/player-actions';
import { useIgnoreList } from '../../safety/use-ignores';
import { EchoRow, HelpTable } from '../../ui/terminal-rows';
import { ScanEntry } from './scan-entry';
import type { LogEntry } from './terminal-model';

/** IGNORE / REPORT for a player the Terminal knows by name (the attack history and intrusion log). */
const UserActions = ({ username }: { username: string }) => (
  <PlayerActions
    username={username}
    target={{ kind: 'user', username }}
    what={fillText(texts.safety.reportWhat.user, { name: username })}
  />
);

const time = (iso: string) => new Date(iso).toISOString().slice(11, 16);

/** One entry of the Terminal's output, drawn as text (names and paths are never HTML). */
export function TerminalLogEntry({ entry }: { entry: LogEntry }) {
  switch (entry.kind) {
    case 'echo':
      return <EchoRow prompt={entry.prompt} text={entry.text} />;
    case 'line':
      return (
        <p className={`bb-term-row bb-term--${entry.tone === 'telnet' ? 'ok bb-tty--telnet' : entry.tone}`}>
          {entry.text}
        </p>
      );
    case 'help':
      return <HelpTable rows={entry.rows} label="Commands" className="bb-term-row" />;
    case 'listing':
      return entry.items.length === 0 ? (
        <p className="bb-term-row bb-term--muted">{`${entry.path}: empty`}</p>
      ) : (
        <ul className="bb-tty-ls bb-term-row" aria-label={`Contents of ${entry.path}`}>
          {entry.items.map((item) => (
            <li key={item.path} className={item.type === 'token' ? 'bb-tty--telnet' : 'bb-tty--dir'}>
              {item.type === 'directory' ? `${item.name}/` : `◆ ${item.name}`}
            </li>
          ))}
        </ul>
      );
    case 'status':
      return <StatusEntry status={entry.status} />;
    case 'scan':
      return <ScanEntry scan={entry.scan} />;
  }
}

/** status: directories, attacks and the intrusion log; visits by ignored players fold into one line (ADR 056). */
function StatusEntry({ status: s }: { status: Extract<LogEntry, { kind: 'status' }>['status'] }) {
  const ignoredNames = new Set(useIgnoreList().data?.ignored.map((p) => p.username) ?? []);
  const shown = s.intrusionLog.filter((i) => !ignoredNames.has(i.attackerUsername));
  const folded = s.intrusionLog.length - shown.length;
  return (
    <div className="bb-term-row">
      <p>
        {`directories ${s.currentDirectories}/${s.maxDirectories} · extras ` +
          `${s.extraDirectories}${s.nextDirectoryPrice ? ` · next ${s.nextDirectoryPrice} telnet` : ''}`}
      </p>
      {s.sshCooldownUntil ? <p className="bb-term--error">{`ssh locked until ${time(s.sshCooldownUntil)}`}</p> : null}
      <p className="bb-term--muted">attacks</p>
      {s.attackHistory.length === 0 ? <p className="bb-term--muted"> none yet</p> : null}
      <ul className="bb-term-table" aria-label="Attack history">
        {s.attackHistory.map((a) => (
          <li key={`${a.createdAt}${a.attackerUsername}${a.type}`}>
            <span
              className={a.type === 'received' ? 'bb-term--error' : 'bb-term--ok'}
            >{`${time(a.createdAt)} ${a.type}`}</span>
            <span>
              <span>
                {a.type === 'received'
                  ? `${a.attackerUsername} took ${a.telnetStolen} telnet`
                  : `${a.victimUsername}: +${a.telnetStolen} telnet`}
              </span>
              {a.type === 'received' ? <UserActions username={a.attackerUsername} /> : null}
            </span>
          </li>
        ))}
      </ul>
      <p className="bb-term--muted">intrusions into your system</p>
      {s.intrusionLog.length === 0 ? <p className="bb-term--muted"> none yet</p> : null}
      <ul className="bb-term-table" aria-label="Intrusion log">
        {shown.map((i) => (
          <li key={i.intrusionId}>
            <span
              className={i.outcome === 'hacked' ? 'bb-term--error' : 'bb-term--muted'}
            >{`${time(i.startedAt)} ${i.outcome}`}</span>
            <span>
              <span>{i.attackerUsername}</span>
              <UserActions username={i.attackerUsername} />
            </span>
          </li>
        ))}
      </ul>
      {folded > 0 ? (
        <p className="bb-term--muted">{`  ${fillText(texts.safety.ignoredLogSummary, { n: folded })}`}</p>
      ) : null}
    </div>
  );
}

/** A chatroom line: '[hh:mm] username: message' (plain text). */
export function ChatroomLine({ message, mine }: { message: ChatMessage; mine: boolean }) {
  return (
    <p className="bb-term-row">
      <span className="bb-term--muted">{`[${time(message.createdAt)}] `}</span>
      <span className={mine ? 'bb-term--ok' : 'bb-tty--user'}>{message.username}</span>
      {`: ${message.message}`}
      {mine ? null : (
        <PlayerActions
          username={message.username}
          target={{ kind: 'chat', messageId: message.id }}
          what={fillText(texts.safety.reportWhat.chat, { name: message.username })}
        />
      )}
    </p>
  );
}
