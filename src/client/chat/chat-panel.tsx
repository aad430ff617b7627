import { useSocketStatus } from '../lib/socket/socket-provider';
import { useSession } from '../session/session-context';
import { Panel } from '../ui/panel';
import { ChatComposer } from './chat-composer';
import { ChatLog } from './chat-log';
import { useChatHistory, useMarkChatRead, useSendChat } from './use-chat';
import './chat-panel.css';
import { texts } from '../../core/texts';

/**
 * The Mainframe's global chat (spec §2): history, send box, and read marking while it is on screen —
 * always on wide screens, with the CHAT tab on phones (`visible`).
 */
export function ChatPanel({ visible }: { visible: boolean }) {
  const me = useSession().user;
  const history = useChatHistory();
  const send = useSendChat();
  const live = useSocketStatus() === 'up';
  useMarkChatRead(visible);

  return (
    <Panel
      title={texts.chat.title}
      className="bb-chat"
      actions={
        <span className={`bb-chat__link ${live ? 'is-live' : ''}`}>
          <span className="bb-chat__link-dot" aria-hidden="true" />
          {live ? texts.chat.live : texts.chat.relinking}
        </span>
      }
    >
      <ChatLog
        messages={history.messages}
        meId={me?.id ?? null}
        loading={history.loading}
        failed={history.failed}
        hasOlder={history.hasOlder}
        loadingOlder={history.loadingOlder}
        onLoadOlder={history.loadOlder}
      />
      <ChatComposer pending={send.isPending} onSend={(text) => send.mutateAsync(text)} />
    </Panel>
  );
}
