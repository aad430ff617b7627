import { useMemo } from 'react';
import { balance } from '../../../core/balance';
import { useSession } from '../../session/session-context';
import { CommandButton } from '../../ui/button';
import { Panel } from '../../ui/panel';
import { ScreenHeader } from '../../ui/screen-header';
import { terminalTexts } from '../../../core/texts/terminal';
import { Terminal } from '../../ui/terminal';
import { LogEntryView } from './log-entry';
import { directoryRows, isUnreadFrom } from './ping-model';
import { PingDirectory } from './ping-directory';
import { PingSystemLines } from './ping-system-lines';
import { PingTranscript } from './ping-transcript';
import { usePingSystemLines } from './use-ping';
import { usePingTerminal } from './use-ping-terminal';
import './ping-screen.css';
import { texts } from '../../../core/texts';

/** Ping (spec §2 /ping): private messages through a command line, with the directory beside it. */
export function PingScreen() {
  const user = useSession().user;
  if (!user) return null;
  return <PingConsole me={user} />;
}

function PingConsole({ me }: { me: { id: number; username: string } }) {
  const t = usePingTerminal(me);
  const systemLines = usePingSystemLines().data ?? [];
  const { partner, conversation } = t;
  const rows = useMemo(
    () => (t.users.data ? directoryRows(t.users.data, t.unread, me.id) : null),
    [t.users.data, t.unread, me.id],
  );
  const conversationRows = t.conversations.map((username) => ({
    username,
    hasUnread: isUnreadFrom(t.unread, username),
  }));
  const partnerOnline = partner ? (rows?.find((r) => r.id === partner.id)?.isOnline ?? null) : null;
  const lastMessageId = conversation.messages[conversation.messages.length - 1]?.id ?? 0;
  const followKey = partner
    ? `chat:${partner.id}:${lastMessageId}:${t.state.notes.nextId}`
    : `dir:${t.state.log.nextId}:${t.state.log.entries.length}:${systemLines.length}`;

  return (
    <div className="bb-ping">
      <ScreenHeader title={texts.ping.title} tagline={texts.ping.tagline} />
      <div className="bb-ping__grid">
        <Panel
          title={partner ? texts.ping.secureLinePanel : texts.ping.directoryPanel}
          tone="accent"
          className="bb-ping__console bb-term-panel"
          actions={
            partner ? (
              <>
                <span className="bb-term-mode">{texts.ping.chatMode}</span>
                <CommandButton size="small" onClick={() => t.submit('exit')} aria-label={texts.ping.exitLabel}>
                  {texts.ping.exit}
                </CommandButton>
              </>
            ) : (
              <span className="bb-term-mode">{texts.ping.directoryMode}</span>
            )
          }
        >
          <Terminal
            outputLabel={partner ? texts.ping.conversationOutputLabel(partner.username) : texts.ping.outputLabel}
            inputLabel={partner ? texts.ping.messageLabel(partner.username) : texts.ping.commandLabel}
            prompt={t.prompt}
            value={t.input}
            onChange={t.setInput}
            onSubmit={t.submit}
            onHistory={t.history}
            onComplete={t.complete}
            followKey={followKey}
            busy={t.busy}
            maxLength={balance.messageMaxLength}
            placeholder={partner ? texts.ping.messagePlaceholder : texts.ping.commandPlaceholder}
            completeLabel={partner ? undefined : terminalTexts.completeButton}
          >
            {partner ? (
              <PingTranscript
                partner={partner}
                online={partnerOnline}
                meId={me.id}
                messages={conversation.messages}
                loading={conversation.loading}
                failed={conversation.failed}
                hasOlder={conversation.hasOlder}
                loadingOlder={conversation.loadingOlder}
                onLoadOlder={conversation.loadOlder}
                notes={t.state.notes.entries}
              />
            ) : (
              <>
                <PingSystemLines lines={systemLines} />
                {t.state.log.entries.map((entry) => (
                  <LogEntryView key={entry.id} entry={entry} />
                ))}
              </>
            )}
          </Terminal>
          <p className="bb-term-keys" aria-hidden="true">
            <kbd>Enter</kbd> {texts.ping.keys.enter} · <kbd>↑</kbd>
            <kbd>↓</kbd> {texts.ping.keys.history} · <kbd>Tab</kbd> {texts.ping.keys.tab}
          </p>
        </Panel>
        <PingDirectory
          rows={rows}
          conversations={conversationRows}
          partnerName={partner?.username ?? null}
          failed={t.users.isError}
          onOpen={t.openLine}
        />
      </div>
    </div>
  );
}
