import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { balance } from '../../../core/balance';
import { checkMessageText } from '../../../core/rules/messages';
import { developerUsername } from '../../../core/terminal/reserved-names';
import { completeTerminalLine, promptFor, type TerminalCommandName } from '../../../core/terminal/terminal-commands';
import { fillText, texts } from '../../../core/texts';
import { terminalTexts as t } from '../../../core/texts/terminal';
import { useChatHistory, useMarkChatRead, useSendChat } from '../../chat/use-chat';
import { chatRefusalText } from '../../chat/chat-model';
import { useApi } from '../../lib/api-context';
import { browserStore } from '../../lib/storage';
import { usePromptLine } from '../../ui/use-prompt-line';
import { errorDraft, terminalHandlers, type CommandContext } from './commands';
import {
  errorLine,
  failureTexts,
  initialTerminalState,
  parseTerminalInput,
  secondsLeft,
  terminalReducer,
  wrongModeText,
  type LogDraft,
} from './terminal-model';

const historyKey = 'bb.terminal.history';
const store = browserStore();
const readHistory = (): string[] => {
  try {
    const parsed = JSON.parse(store.getItem(historyKey) ?? '[]') as unknown;
    return Array.isArray(parsed) ? parsed.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
};
const error = errorDraft;

/** The Terminal's command line: state, the handlers generated from the command table, the countdown. */
export function useTerminal(me: { id: number; username: string }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(terminalReducer, undefined, initialTerminalState);
  const [busy, setBusy] = useState(false);
  const [now, setNow] = useState(() => Date.now());
  const { session } = state;
  const chat = useChatHistory();
  const sendChat = useSendChat();
  useMarkChatRead(session.mode === 'chatroom');
  const print = (...drafts: LogDraft[]) => dispatch({ type: 'print', drafts });
  const line = usePromptLine({
    savedHistory: readHistory,
    printOptions: (text) => print({ kind: 'line', tone: 'muted', text }),
  });
  const { input, setInput } = line;
  const sessionRef = useRef(session);
  sessionRef.current = session;
  // The command being run: a failure without a server message prints that command's spec text.
  const commandRef = useRef<TerminalCommandName | null>(null);
  // spec §8's expiry text, also shown above the output until the next command (one log line is easy to miss).
  const [expired, setExpired] = useState(false);
  const [scanned, setScanned] = useState<readonly string[]>([]);

  useEffect(() => store.setItem(historyKey, JSON.stringify(line.historyEntries)), [line.historyEntries]);

  // spec §4: the countdown from the server's timeLimit; at 0 the session is over (the server refuses anyway).
  useEffect(() => {
    if (session.deadline === null) return;
    const timer = setInterval(() => {
      setNow(Date.now());
      const current = sessionRef.current;
      if (current.deadline !== null && current.deadline <= Date.now()) {
        dispatch({ type: 'leave' });
        dispatch({ type: 'print', drafts: [error(t.sessionExpired)] });
        setExpired(true);
      }
    }, 1000);
    return () => clearInterval(timer);
  }, [session.deadline]);

  async function run(work: () => Promise<void>) {
    setBusy(true);
    try {
      await work();
    } catch (failure) {
      print(error(errorLine(failure, commandRef.current ? failureTexts[commandRef.current] : undefined)));
    } finally {
      setBusy(false);
    }
  }
  const context: CommandContext = {
    api,
    session,
    print,
    dispatch,
    run,
    tick: () => setNow(Date.now()),
    scanned: setScanned,
    refreshUser: () => void queryClient.invalidateQueries({ queryKey: ['/api/auth/user'] }),
    refreshMissions: () => void queryClient.invalidateQueries({ queryKey: ['/api/missions/status'] }),
  };

  function submit(typed: string) {
    if (busy) return;
    const parsed = parseTerminalInput(session.mode, typed);
    if (parsed.kind === 'chat') {
      const checked = checkMessageText(parsed.text);
      if (checked.problem) return print(error(t.errorLine(texts[checked.problem])));
      if (sendChat.isPending) return;
      sendChat.mutate(checked.text, {
        onSuccess: () => setInput(''),
        onError: (failure) => print(error(t.errorLine(chatRefusalText(failure)))),
      });
      return;
    }
    setExpired(false);
    print({
      kind: 'echo',
      prompt: promptFor(session.mode, { username: me.username, target: session.target }, session.cwd),
      text: typed,
    });
    line.remember(typed);
    setInput('');
    if (parsed.kind === 'unknown') print(error(fillText(texts.commandNotFound, { cmd: parsed.word })));
    else if (parsed.kind === 'wrong-mode') print(error(wrongModeText(parsed.name, session.mode)));
    else if (parsed.kind === 'command') {
      commandRef.current = parsed.name;
      void terminalHandlers[parsed.name](context, parsed.arg);
    }
  }

  // ssh ⇥ offers every name this tab has seen: yours, the developer's box, scan's list and the chatroom's speakers.
  const usernames = useMemo(
    () => [...new Set([me.username, developerUsername, ...scanned, ...chat.messages.map((m) => m.username)])],
    [me.username, scanned, chat.messages],
  );
  const complete = () =>
    line.complete(completeTerminalLine(session.mode, input, { usernames, cwd: session.cwd, listed: state.listed }));

  return {
    state,
    input,
    setInput,
    busy: busy || sendChat.isPending,
    submit,
    complete,
    history: line.history,
    /** Ctrl+C: abandon the line, as a shell prints it with ^C. */
    abandon: () => {
      print({
        kind: 'echo',
        prompt: promptFor(session.mode, { username: me.username, target: session.target }, session.cwd),
        text: `${input}^C`,
      });
      setInput('');
    },
    clear: () => dispatch({ type: 'clear' }),
    prompt: promptFor(session.mode, { username: me.username, target: session.target }, session.cwd),
    secondsLeft: session.deadline === null ? null : secondsLeft(session.deadline, now),
    chat,
    expired,
    maxLength: session.mode === 'chatroom' ? balance.messageMaxLength : 300,
  };
}
