import { useQueryClient } from '@tanstack/react-query';
import { useReducer, useState } from 'react';
import { texts } from '../../../core/texts';
import { checkMessageText } from '../../../core/rules/messages';
import { useApi } from '../../lib/api-context';
import { helpRows } from '../../../core/terminal/command-line';
import { directoryUsersQuery } from '../../lib/stream-queries';
import { pingCommands, type PingCommandName } from '../../../core/terminal/ping-commands';
import {
  cdTarget,
  commandNotFoundText,
  completePingInput,
  completionNames,
  directoryRows,
  initialPingState,
  isUnreadFrom,
  lookupErrorText,
  parsePingInput,
  pingReducer,
  promptFor,
  promptParts,
  sendErrorText,
  wrongModeText,
  type LogDraft,
} from './ping-model';
import {
  useConversation,
  useConversations,
  useDirectoryUsers,
  useLookupUser,
  useMarkConversationRead,
  useSendPrivateMessage,
  useUnreadDirectories,
} from './use-ping';
import { useArrivingSystemLines } from './use-arriving-system-lines';
import { usePromptLine } from '../../ui/use-prompt-line';

type Handler = (arg: string) => void | Promise<void>;

const welcome: LogDraft[] = [
  { kind: 'line', tone: 'ok', text: texts.ping.welcome },
  { kind: 'line', tone: 'muted', text: texts.ping.welcomeHint },
];

const error = (text: string): LogDraft => ({ kind: 'line', tone: 'error', text });

/** The Ping command line: state, the command handlers generated from the table, and the data they use. */
export function usePingTerminal(me: { id: number; username: string }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const users = useDirectoryUsers();
  const conversations = useConversations();
  const unread = useUnreadDirectories();
  const lookup = useLookupUser();
  const send = useSendPrivateMessage();
  const [state, dispatch] = useReducer(pingReducer, welcome, initialPingState);
  const [busy, setBusy] = useState(false);
  const partner = state.mode.kind === 'chat' ? state.mode.partner : null;
  const conversation = useConversation(partner?.id ?? null);
  useMarkConversationRead(partner, unread.data);

  const print = (...drafts: LogDraft[]) => dispatch({ type: 'print', drafts });
  const line = usePromptLine({ printOptions: (text) => print({ kind: 'line', tone: 'muted', text }) });
  const { input, setInput } = line;
  // On an open line the answer is printed under the player's message; the directory lists system lines at its top.
  useArrivingSystemLines((line) => {
    if (partner) print({ kind: 'line', tone: 'ok', text: `${texts.ping.systemSender} > ${line.message}` });
  });
  const unreadNames = unread.data ?? [];

  const handlers = {
    help: () =>
      print({
        kind: 'help',
        rows: helpRows(pingCommands, state.mode.kind),
        ...(partner ? { footer: `anything else you type is sent to ${partner.username}` } : {}),
      }),
    ls: async () => {
      const list = users.data ?? (await queryClient.fetchQuery(directoryUsersQuery(api)).catch(() => null));
      if (!list) return print(error(texts.ping.listFailed));
      print({ kind: 'directory', rows: directoryRows(list, unreadNames, me.id) });
    },
    inbox: () => {
      const names = conversations.data ?? [];
      if (names.length === 0) return print({ kind: 'line', tone: 'muted', text: texts.ping.noConversations });
      print({
        kind: 'conversations',
        rows: names.map((username) => ({ username, hasUnread: isUnreadFrom(unreadNames, username) })),
      });
    },
    cd: async (arg) => {
      const target = cdTarget(arg, me.username);
      if (target.kind === 'missing') return print(error(texts.pingMissingUsername));
      if (target.kind === 'self') return print(error(texts.pingSelf));
      if (target.kind === 'not-found') return print(error(texts.pingUserNotFound));
      setBusy(true);
      try {
        const user = await lookup(target.username);
        if (user.id === me.id) return print(error(texts.pingSelf));
        dispatch({ type: 'enter', partner: { id: user.id, username: user.username } });
      } catch (failure) {
        print(error(lookupErrorText(failure)));
      } finally {
        setBusy(false);
      }
    },
    clear: () => dispatch({ type: 'clear' }),
    exit: () => dispatch({ type: 'exit' }),
  } satisfies Record<PingCommandName, Handler>;

  function sendMessage(text: string) {
    if (!partner || send.isPending) return;
    const checked = checkMessageText(text);
    if (checked.problem) return print(error(texts.ping.errorLine(texts[checked.problem])));
    line.remember(text);
    send.mutate(
      { receiverId: partner.id, message: checked.text },
      {
        onSuccess: () => setInput(''),
        onError: (failure) => print(error(sendErrorText(failure))),
      },
    );
  }

  function submit(typed: string) {
    if (busy) return;
    const parsed = parsePingInput(state.mode.kind, typed);
    if (parsed.kind === 'message') return sendMessage(parsed.text);
    if (parsed.kind !== 'empty' || state.mode.kind === 'directory') {
      print({ kind: 'echo', prompt: promptFor(me.username, state.mode), text: typed });
    }
    line.remember(typed);
    setInput('');
    if (parsed.kind === 'unknown') print(error(commandNotFoundText(parsed.word)));
    else if (parsed.kind === 'wrong-mode') print(error(wrongModeText(parsed.name, state.mode.kind)));
    else if (parsed.kind === 'command') void handlers[parsed.name](parsed.arg);
  }

  /** The side list's buttons: 'cd {username}' as if typed in the directory (closing an open line first). */
  function openLine(username: string) {
    if (busy || partner?.username.toLowerCase() === username.toLowerCase()) return;
    if (partner) dispatch({ type: 'exit' });
    const typed = `cd ${username}`;
    print({ kind: 'echo', prompt: promptFor(me.username, { kind: 'directory' }), text: typed });
    line.remember(typed);
    void handlers.cd(username);
  }

  const complete = () =>
    line.complete(
      completePingInput(state.mode.kind, input, completionNames(users.data, conversations.data, me.username)),
    );

  return {
    state,
    partner,
    prompt: promptParts(me.username, state.mode),
    input,
    setInput,
    busy: busy || send.isPending,
    submit,
    complete,
    history: line.history,
    openLine,
    users,
    conversations: conversations.data ?? [],
    unread: unreadNames,
    conversation,
  };
}
