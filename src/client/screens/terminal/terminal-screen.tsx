import type { KeyboardEvent } from 'react';
import { terminalTexts as t } from '../../../core/texts/terminal';
import { useSession } from '../../session/session-context';
import { CommandButton } from '../../ui/button';
import { Panel } from '../../ui/panel';
import { ScreenHeader } from '../../ui/screen-header';
import { Terminal } from '../../ui/terminal';
import { ChatroomLine, TerminalLogEntry } from './terminal-log';
import { useTerminal } from './use-terminal';
import './terminal-screen.css';

const modeLabel = { terminal: 'TERMINAL', chatroom: 'CHATROOM', root: 'ROOT', intrusion: 'INTRUSION' } as const;

/** The Terminal (spec §2 /chatroom): a shell for file systems, intrusions and the global chatroom. */
export function TerminalScreen() {
  const user = useSession().user;
  if (!user) return null;
  return <TerminalConsole me={user} />;
}

function TerminalConsole({ me }: { me: { id: number; username: string } }) {
  const term = useTerminal(me);
  const { session } = term.state;
  const inChat = session.mode === 'chatroom';
  const lastChat = term.chat.messages.at(-1)?.id ?? 0;
  const [host, path] = splitPrompt(term.prompt);

  // Ctrl+L clears, Ctrl+C abandons the line (a selection inside the line is still copied).
  function onKeyDownCapture(event: KeyboardEvent<HTMLDivElement>) {
    if (!event.ctrlKey || !(event.target instanceof HTMLInputElement)) return;
    const key = event.key.toLowerCase();
    if (key === 'l') {
      event.preventDefault();
      term.clear();
    } else if (key === 'c' && event.target.selectionStart === event.target.selectionEnd) {
      event.preventDefault();
      term.abandon();
    }
  }

  return (
    <div className="bb-tty">
      <ScreenHeader title="TERMINAL" tagline="ssh into file systems · hide your Token · the global chatroom" />
      <Panel
        title={inChat ? 'CHATROOM' : session.mode === 'intrusion' ? `INTRUSION // ${session.target ?? ''}` : 'SHELL'}
        tone={session.mode === 'intrusion' ? 'danger' : 'accent'}
        className="bb-tty__console bb-term-panel"
        actions={
          <>
            {term.secondsLeft !== null ? (
              <span
                className={`bb-tty__timer${term.secondsLeft <= 10 ? ' bb-tty__timer--low' : ''}`}
                role="timer"
                aria-label="Intrusion time left"
              >
                {`${term.secondsLeft}s`}
              </span>
            ) : null}
            <span className="bb-term-mode">{modeLabel[session.mode]}</span>
            {session.mode !== 'terminal' ? (
              <CommandButton size="small" onClick={() => term.submit('exit')} aria-label="Exit to the terminal">
                EXIT
              </CommandButton>
            ) : null}
          </>
        }
      >
        {term.expired ? (
          <p className="bb-tty__expired" role="alert">
            {t.sessionExpired}
          </p>
        ) : null}
        <div onKeyDownCapture={onKeyDownCapture}>
          <Terminal
            outputLabel={inChat ? 'Global chatroom' : 'Terminal output'}
            inputLabel={inChat ? 'Chat message, or exit' : 'Terminal command'}
            prompt={{ host, path }}
            value={term.input}
            onChange={term.setInput}
            onSubmit={term.submit}
            onHistory={term.history}
            onComplete={term.complete}
            followKey={`${term.state.log.nextId}:${term.state.log.entries.length}:${inChat ? lastChat : 0}`}
            busy={term.busy}
            maxLength={term.maxLength}
            placeholder={inChat ? 'type a message…' : "type 'help'"}
            completeLabel={inChat ? undefined : t.completeButton}
          >
            {term.state.log.entries.map((entry) => (
              <TerminalLogEntry key={entry.id} entry={entry} />
            ))}
            {inChat
              ? term.chat.messages.map((m) => <ChatroomLine key={`c${m.id}`} message={m} mine={m.userId === me.id} />)
              : null}
          </Terminal>
        </div>
        <p className="bb-term-keys" aria-hidden="true">
          <kbd>Enter</kbd> run · <kbd>↑</kbd>
          <kbd>↓</kbd> history · <kbd>Tab</kbd> complete · <kbd>Ctrl+L</kbd> clear · <kbd>Ctrl+C</kbd> abandon
        </p>
        {session.mode === 'intrusion' ? (
          <p className="bb-tty__hint">{`${t.intrusionOpened(session.target ?? '', 60).split(' — ')[0]} — find the Token, then hack {path}`}</p>
        ) : null}
      </Panel>
    </div>
  );
}

/** 'neo@root:/vault$' → ['neo@root:', '/vault$'] (the host part folds away on phones). */
function splitPrompt(prompt: string): [string, string] {
  const colon = prompt.indexOf(':');
  return colon === -1 ? ['', prompt] : [prompt.slice(0, colon + 1), prompt.slice(colon + 1)];
}
