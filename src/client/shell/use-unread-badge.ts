import { useQuery } from '@tanstack/react-query';
import { infra } from '../../core/infra';
import { useApi } from '../lib/api-context';
import { usePollInterval } from '../lib/socket/socket-provider';
import { chatUnreadQuery, unreadDirectoriesQuery } from '../lib/stream-queries';
import { useSession } from '../session/session-context';
import { unreadState, type UnreadState } from './unread-model';

/**
 * What the SYSTEM menu's red '!' stands for (spec §2): unread private messages (PING) or unread global
 * chat. Kept fresh by the socket's unread events; polled every 5 s only while the socket is down (§9).
 */
export function useUnreadState(): UnreadState {
  const api = useApi();
  const signedIn = useSession().status === 'signed-in';
  const chatPoll = usePollInterval(infra.chatUnreadPollMs);
  const directoriesPoll = usePollInterval(infra.unreadDirectoriesPollMs);
  const chat = useQuery({ ...chatUnreadQuery(api), enabled: signedIn, refetchInterval: chatPoll });
  const directories = useQuery({ ...unreadDirectoriesQuery(api), enabled: signedIn, refetchInterval: directoriesPoll });
  return unreadState(signedIn ? chat.data : undefined, signedIn ? directories.data : undefined);
}
