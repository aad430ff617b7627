import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useReducer, useRef, useState } from 'react';
import {
  BuyDirectoryResult,
  Contents,
  ExitResult,
  filesystemPaths,
  FsStatus,
  HackResult,
  OperationResult,
  ScanResult,
  SshResult,
} from '../../../core/api/filesystem';
import { balance } from '../../../core/balance';
import { checkMessageText } from '../../../core/rules/messages';
import { helpRows, historyBack, historyForward } from '../../../core/terminal/command-line';
import { resolvePath } from '../../../core/terminal/fs-path';
import { developerUsername } from '../../../core/terminal/reserved-names';
import {
  completeTerminalLine,
  parseMove,
  parseSshTarget,
  promptFor,
  terminalCommands,
  type TerminalCommandName,
} from '../../../core/terminal/terminal-commands';
import { fillText, texts } from '../../../core/texts';
import { terminalTexts as t } from '../../../core/texts/terminal';
import { useChatHistory, useMarkChatRead, useSendChat } from '../../chat/use-chat';
import { chatRefusalText } from '../../chat/chat-model';
import { newIdempotencyKey } from '../../lib/api';
import { useApi } from '../../lib/api-context';
import { browserStore } from '../../lib/storage';
import {
  errorLine,
  failureTexts,
  initialTerminalState,
  parseTerminalInput,
  secondsLeft,
  terminalHome,
  terminalReducer,
  wrongModeText,
  type LogDraft,
} from './terminal-model';

type Handler = (arg: string) => void | Promise<void>;
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
const error = (text: string): LogDraft => ({ kind: 'line', tone: 'error', text });

/** The Terminal's command line: state, the handlers generated from the command table, the countdown. */
export function useTerminal(me: { id: number; username: string }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(terminalReducer, undefined, () => initialTerminalState(readHistory()));
  const [input, setInput] = useState('');
  const [busy, setBusy] = useState(false);
  const [now, setNow] = useState(() => Date.now());
  const { session } = state;
  const chat = useChatHistory();
  const sendChat = useSendChat();
  useMarkChatRead(session.mode === 'chatroom');
  const print = (...drafts: LogDraft[]) => dispatch({ type: 'print', drafts });
  const sessionRef = useRef(session);
  sessionRef.current = session;
  // The command being run: a failure without a server message prints that command's spec text.
  const commandRef = useRef<TerminalCommandName | null>(null);
  // spec §8's expiry text, also shown above the output until the next command (one log line is easy to miss).
  const [expired, setExpired] = useState(false);
  const [scanned, setScanned] = useState<readonly string[]>([]);

  useEffect(() => store.setItem(historyKey, JSON.stringify(state.history.entries)), [state.history.entries]);

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
  const refreshUser = () => void queryClient.invalidateQueries({ queryKey: ['/api/auth/user'] });
  const intrusionQuery = () => (session.intrusionId !== null ? `&intrusionId=${session.intrusionId}` : '');

  const handlers = {
    help: () => print({ kind: 'help', rows: helpRows(terminalCommands, session.mode) }),
    ssh: (arg) => {
      const parsed = parseSshTarget(arg);
      if (!parsed) return print(error(t.errorLine('missing target: ssh {username|chatroom}')));
      if (parsed.kind === 'chatroom') {
        dispatch({ type: 'enter', session: { ...terminalHome, mode: 'chatroom' }, listing: [] });
        return print({
          kind: 'line',
          tone: 'info',
          text: "joined the global chatroom — type to talk, 'exit' to leave",
        });
      }
      return run(async () => {
        const res = await api.post(filesystemPaths.ssh, { target: parsed.username }, SshResult);
        const deadline = res.timeLimit === null ? null : Date.now() + res.timeLimit * 1000;
        dispatch({
          type: 'enter',
          session: { mode: res.mode, target: res.target, cwd: '/', intrusionId: res.intrusionId, deadline },
          listing: res.fileSystem,
        });
        setNow(Date.now());
        print(
          { kind: 'line', tone: res.mode === 'root' ? 'ok' : 'info', text: res.message },
          { kind: 'listing', path: '/', items: res.fileSystem },
        );
        if (res.targetIsDeveloper)
          print({ kind: 'line', tone: 'muted', text: 'developer box detected — find the Token' });
      });
    },
    scan: () =>
      run(async () => {
        const res = await api.get(filesystemPaths.scan, ScanResult);
        setScanned(res.targets.map((target) => target.username));
        print({ kind: 'scan', scan: res });
      }),
    ls: (arg) =>
      run(async () => {
        const path = resolvePath(session.cwd, arg.trim() || '.');
        if (!path.ok) return print(error(t.pathErrors[path.error]));
        const res = await api.get(
          `${filesystemPaths.contents}?path=${encodeURIComponent(path.path)}${intrusionQuery()}`,
          Contents,
        );
        dispatch({ type: 'listed', path: res.path, listing: res.contents });
        print({ kind: 'listing', path: res.path, items: res.contents });
      }),
    cd: (arg) => {
      if (!arg.trim()) return print(error(t.missingPath));
      const path = resolvePath(session.cwd, arg.trim());
      if (!path.ok) return print(error(t.pathErrors[path.error]));
      return run(async () => {
        const res = await api.get(
          `${filesystemPaths.contents}?path=${encodeURIComponent(path.path)}${intrusionQuery()}`,
          Contents,
        );
        dispatch({ type: 'cd', path: res.path, listing: res.contents });
      });
    },
    mkdir: (arg) => operation('mkdir', arg),
    mv: (arg) => {
      const move = parseMove(arg);
      if (!move) return print(error(t.errorLine('usage: mv Token {directory}/')));
      if (move.isRename && move.source.endsWith('Token')) return print(error(t.errorLine(t.tokenCannotBeRenamed)));
      return operation('mv', move.source, move.destination);
    },
    rm: (arg) => operation('rm', arg),
    status: () =>
      run(async () => {
        const status = await api.get(filesystemPaths.status, FsStatus);
        print({ kind: 'status', status });
      }),
    'buy-dir': () => buy(false),
    'buy-dir-confirm': () => buy(true),
    hack: (arg) => {
      if (!arg.trim()) return print(error(t.missingPath));
      const intrusionId = session.intrusionId;
      if (intrusionId === null) return print(error(t.errorLine(t.noActiveIntrusion)));
      return run(async () => {
        const res = await api.post(
          filesystemPaths.hackToken,
          { tokenPath: arg.trim(), currentPath: session.cwd, intrusionId },
          HackResult,
          { idempotencyKey: newIdempotencyKey() },
        );
        print({ kind: 'line', tone: 'telnet', text: res.message });
        refreshUser();
        // spec §4: a forced exit ends the session a second later.
        setTimeout(() => {
          dispatch({ type: 'leave' });
          dispatch({
            type: 'print',
            drafts: [{ kind: 'line', tone: 'muted', text: 'connection closed by remote host' }],
          });
        }, 1000);
      });
    },
    clear: () => dispatch({ type: 'clear' }),
    exit: () => {
      if (session.mode === 'intrusion' && session.intrusionId !== null)
        void api.post(filesystemPaths.exit, { intrusionId: session.intrusionId }, ExitResult).catch(() => undefined);
      dispatch({ type: 'leave' });
      print({ kind: 'line', tone: 'muted', text: 'returned to terminal' });
    },
  } satisfies Record<TerminalCommandName, Handler>;

  function operation(command: 'mkdir' | 'mv' | 'rm', target: string, destination?: string) {
    if (!target.trim()) return print(error(t.missingPath));
    const source = resolvePath(session.cwd, target.trim(), { allowToken: true });
    if (!source.ok) return print(error(t.pathErrors[source.error]));
    // The destination keeps its trailing slash: without it mv would be a rename (refused by the server).
    const newName = destination === undefined ? undefined : resolveKeepingSlash(session.cwd, destination);
    if (newName === null) return print(error(t.errorLine(t.invalidPath)));
    return run(async () => {
      const res = await api.post(
        filesystemPaths.operation,
        { command, target: source.path, ...(newName !== undefined ? { newName } : {}) },
        OperationResult,
      );
      print({ kind: 'line', tone: 'ok', text: res.message });
      void queryClient.invalidateQueries({ queryKey: ['/api/missions/status'] });
    });
  }

  function buy(confirm: boolean) {
    return run(async () => {
      const res = await api.post(
        filesystemPaths.buyDirectory,
        { confirm },
        BuyDirectoryResult,
        confirm ? { idempotencyKey: newIdempotencyKey() } : undefined,
      );
      print({ kind: 'line', tone: confirm ? 'telnet' : 'info', text: res.message });
      if (confirm) refreshUser();
    });
  }

  function submit(line: string) {
    if (busy) return;
    const parsed = parseTerminalInput(session.mode, line);
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
      text: line,
    });
    dispatch({ type: 'remember', line });
    setInput('');
    if (parsed.kind === 'unknown') print(error(fillText(texts.commandNotFound, { cmd: parsed.word })));
    else if (parsed.kind === 'wrong-mode') print(error(wrongModeText(parsed.name, session.mode)));
    else if (parsed.kind === 'command') {
      commandRef.current = parsed.name;
      void handlers[parsed.name](parsed.arg);
    }
  }

  // ssh ⇥ offers every name this tab has seen: yours, the developer's box, scan's list and the chatroom's speakers.
  const usernames = useMemo(
    () => [...new Set([me.username, developerUsername, ...scanned, ...chat.messages.map((m) => m.username)])],
    [me.username, scanned, chat.messages],
  );
  function complete() {
    const result = completeTerminalLine(session.mode, input, { usernames, cwd: session.cwd, listed: state.listed });
    setInput(result.line);
    if (result.options.length > 1) print({ kind: 'line', tone: 'muted', text: result.options.join('   ') });
  }

  function history(direction: 'back' | 'forward') {
    const step = direction === 'back' ? historyBack(state.history, input) : historyForward(state.history, input);
    dispatch({ type: 'history', history: step.history });
    setInput(step.line);
  }

  return {
    state,
    input,
    setInput,
    busy: busy || sendChat.isPending,
    submit,
    complete,
    history,
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

/** Resolves mv's destination and keeps the trailing slash that makes it a move (not a rename). */
function resolveKeepingSlash(cwd: string, destination: string): string | null {
  const path = resolvePath(cwd, destination);
  if (!path.ok) return null;
  return path.path === '/' ? '/' : `${path.path}/`;
}
