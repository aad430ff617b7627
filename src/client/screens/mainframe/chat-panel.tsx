import { clientTexts } from '../../client-texts';
import { Panel } from '../../ui/panel';
import './chat-panel.css';

/** The global chat's place on the Mainframe; the chat itself arrives with the chat issue. */
export function ChatPanel({ id }: { id?: string }) {
  return (
    <Panel title="GLOBAL CHAT" className="bb-chat" id={id}>
      <div className="bb-chat__log" aria-hidden="true">
        <p>
          <span className="bb-chat__time">--:--</span> <span className="bb-chat__sys">SYS</span> channel handshake
          pending…
        </p>
        <p>
          <span className="bb-chat__time">--:--</span> <span className="bb-chat__sys">SYS</span> relays warming up
        </p>
      </div>
      <p className="bb-chat__soon">
        <span className="bb-chat__badge">OFFLINE</span> {clientTexts.chatSoon}
      </p>
    </Panel>
  );
}
