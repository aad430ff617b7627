import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../../core/api/chat';
import type { User } from '../../../core/api/common';
import type { ServerEvent } from '../../../core/api/events';
import type { PrivateMessage } from '../../../core/api/ping';
import { terminalTexts } from '../../../core/texts/terminal';
import { isStreamCovered, streamKeys } from '../stream-queries';
import {
  closeAction,
  eventActions,
  mergeUserUpdate,
  nextAttempt,
  reconnectDelayMs,
  socketUrl,
  trackVersion,
  withPresence,
} from './socket-model';

const backoff = { baseMs: 500, maxMs: 15_000 };

describe('reconnect backoff', () => {
  it('doubles per attempt from the base, half fixed and half jitter, capped at the maximum', () => {
    expect([0, 1, 2, 3].map((a) => reconnectDelayMs(a, () => 0, backoff))).toEqual([250, 500, 1000, 2000]);
    expect([0, 1, 2, 3].map((a) => reconnectDelayMs(a, () => 1, backoff))).toEqual([500, 1000, 2000, 4000]);
    expect(reconnectDelayMs(20, () => 1, backoff)).toBe(15_000);
    expect(reconnectDelayMs(20, () => 0, backoff)).toBe(7_500);
  });

  it('never waits less than half a step, whatever the random draw', () => {
    for (let attempt = 0; attempt < 12; attempt++) {
      for (const r of [0, 0.25, 0.5, 0.999]) {
        const step = Math.min(backoff.maxMs, backoff.baseMs * 2 ** attempt);
        const delay = reconnectDelayMs(attempt, () => r, backoff);
        expect(delay).toBeGreaterThanOrEqual(step / 2);
        expect(delay).toBeLessThanOrEqual(step);
      }
    }
  });

  it('starts over after a connection that stayed up, and climbs while it keeps failing', () => {
    expect(nextAttempt(5, 10_000, 10_000)).toBe(0);
    expect(nextAttempt(5, 9_999, 10_000)).toBe(6);
    expect(nextAttempt(0, null, 10_000)).toBe(1);
  });
});

describe('stream versions', () => {
  it.each([
    [0, 1, { last: 1, gap: false }],
    [4, 5, { last: 5, gap: false }],
    [0, 2, { last: 2, gap: true }],
    [4, 7, { last: 7, gap: true }],
    [4, 4, { last: 4, gap: true }],
    [4, 2, { last: 4, gap: true }],
  ])('after v%i, v%i → %j', (last, v, expected) => {
    expect(trackVersion(last, v)).toEqual(expected);
  });
});

describe('close codes', () => {
  it('signs out on 4001 and reconnects after anything else', () => {
    expect(closeAction(4001)).toBe('sign-out');
    for (const code of [1000, 1001, 1006, 1009, 1011, 4008]) expect(closeAction(code)).toBe('reconnect');
  });
});

describe('socket url', () => {
  it('uses ws on http and wss on https, on the page host', () => {
    expect(socketUrl({ protocol: 'http:', host: '127.0.0.1:5000' })).toBe('ws://127.0.0.1:5000/ws');
    expect(socketUrl({ protocol: 'https:', host: 'bitbreach.example' })).toBe('wss://bitbreach.example/ws');
  });
});

const chat: ChatMessage = {
  id: 9,
  userId: 2,
  username: 'Trinity',
  message: 'hi',
  createdAt: '2025-01-01T00:00:00.000Z',
};
const pm = (senderId: number, receiverId: number): PrivateMessage => ({
  id: 4,
  senderId,
  senderUsername: 'x',
  receiverId,
  message: 'psst',
  createdAt: '2025-01-01T00:00:00.000Z',
});
const user: User = {
  id: 1,
  loginId: 'neo',
  username: 'Neo',
  level: 3,
  currentExp: 20,
  maxExp: 50,
  totalTaps: 40,
  telnet: 7,
  attack: 1,
  criticalRate: 5,
  bonusCriticalHit: 0,
  connectionRate: 10,
  itemDropRate: 0.1,
};
const status = {
  showMissions: true,
  currentMission: null,
  completedMissions: [],
  totalMissions: 8,
  allMissionsCompleted: false,
};

describe('event → cache actions', () => {
  const me = 1;
  it.each<[string, ServerEvent, unknown[]]>([
    [
      "another player's chat line appends and marks the chat unread",
      { t: 'chat_message', d: chat, v: 1 },
      [
        { kind: 'chat.append', message: chat },
        { kind: 'chatUnread.set', hasUnread: true },
      ],
    ],
    [
      'my own chat line appends without marking anything unread',
      { t: 'chat_message', d: { ...chat, userId: me }, v: 1 },
      [{ kind: 'chat.append', message: { ...chat, userId: me } }],
    ],
    [
      'the server counting this tab among the Kernel’s watchers makes the canvas catch up',
      { t: 'kernel.watchStarted', d: {}, v: 1 },
      [{ kind: 'grid.resync' }],
    ],
    [
      'a removed chat line leaves the history',
      { t: 'chat.removed', d: { id: 7 }, v: 1 },
      [{ kind: 'chat.remove', id: 7 }],
    ],
    [
      'a private message I received goes to the sender’s conversation',
      { t: 'ping.messageSent', d: pm(2, me), v: 1 },
      [{ kind: 'conversation.append', partnerId: 2, message: pm(2, me) }, { kind: 'conversations.invalidate' }],
    ],
    [
      'a private message I sent goes to the receiver’s conversation',
      { t: 'ping.messageSent', d: pm(me, 3), v: 1 },
      [{ kind: 'conversation.append', partnerId: 3, message: pm(me, 3) }, { kind: 'conversations.invalidate' }],
    ],
    [
      'ping.unreadChanged sets the list',
      { t: 'ping.unreadChanged', d: { usernames: ['a'] }, v: 1 },
      [{ kind: 'unreadDirectories.set', usernames: ['a'] }],
    ],
    [
      'chat.unreadChanged sets the flag',
      { t: 'chat.unreadChanged', d: { hasUnread: true }, v: 1 },
      [{ kind: 'chatUnread.set', hasUnread: true }],
    ],
    [
      'missions.statusChanged sets the status',
      { t: 'missions.statusChanged', d: status, v: 1 },
      [{ kind: 'missions.set', status }],
    ],
    ['user.updated for me sets the user', { t: 'user.updated', d: user, v: 1 }, [{ kind: 'user.set', user }]],
    ['user.updated for someone else is ignored', { t: 'user.updated', d: { ...user, id: 2 }, v: 1 }, []],
    [
      'presence.changed updates presence',
      { t: 'presence.changed', d: { online: [4], offline: [5] }, v: 1 },
      [{ kind: 'presence.set', online: [4], offline: [5] }],
    ],
    ['session.ended signs out', { t: 'session.ended', d: { reason: 'banned' }, v: 1 }, [{ kind: 'sign-out' }]],
    [
      'terminal.hacked for the victim refetches their status and Ping system lines, and alerts',
      {
        t: 'terminal.hacked',
        d: {
          attackerId: 2,
          victimId: me,
          attackerUsername: 'neo',
          victimUsername: 'me',
          telnetStolen: 30,
          createdAt: '2026-01-01T00:00:00.000Z',
        },
        v: 1,
      },
      [
        { kind: 'invalidate', prefixes: ['/api/filesystem/status', '/api/directories/system'] },
        { kind: 'alert', title: terminalTexts.hackedTitle, description: terminalTexts.youWereHacked('neo', 30) },
      ],
    ],
    [
      'terminal.hacked for the attacker only refetches their status',
      {
        t: 'terminal.hacked',
        d: {
          attackerId: me,
          victimId: 2,
          attackerUsername: 'me',
          victimUsername: 'trin',
          telnetStolen: 30,
          createdAt: '2026-01-01T00:00:00.000Z',
        },
        v: 1,
      },
      [{ kind: 'invalidate', prefixes: ['/api/filesystem/status'] }],
    ],
    ['stream.interrupted resyncs', { t: 'stream.interrupted', d: {}, v: 1 }, [{ kind: 'resync' }]],
    [
      'grid_update goes to the Kernel canvas as it is',
      {
        t: 'grid_update',
        d: { x: 1, y: 2, ownerId: 3, ownerUsername: 'z', colorR: 1, colorG: 2, colorB: 3, version: 7 },
        v: 1,
      },
      [
        {
          kind: 'grid.update',
          update: { x: 1, y: 2, ownerId: 3, ownerUsername: 'z', colorR: 1, colorG: 2, colorB: 3, version: 7 },
        },
      ],
    ],
    [
      'a new Kernel season makes the canvas catch up (a reload) and refetches the season, the archive and hover cards',
      { t: 'kernel.seasonChanged', d: { ended: 1, season: 2, startVersion: 90 }, v: 1 },
      [{ kind: 'grid.resync' }, { kind: 'invalidate', prefixes: ['/api/kernel', '/api/grid/bit'] }],
    ],
    [
      "an operator's Kernel clear makes the canvas catch up (a reload) and refetches hover cards",
      { t: 'kernel.cleared', d: { version: 91 }, v: 1 },
      [{ kind: 'grid.resync' }, { kind: 'invalidate', prefixes: ['/api/kernel', '/api/grid/bit'] }],
    ],
  ])('%s', (_, event, expected) => {
    expect(eventActions(event, me)).toEqual(expected);
  });
});

describe('which queries a resync refetches', () => {
  it('covers chat, unread, directories, missions and the user, and nothing else', () => {
    for (const key of [
      streamKeys.chatMessages,
      streamKeys.chatUnread,
      streamKeys.unreadDirectories,
      streamKeys.directoryUsers,
      streamKeys.conversations,
      streamKeys.conversation(7),
      streamKeys.missionStatus,
      ['/api/auth/user'],
    ]) {
      expect(isStreamCovered(key), String(key)).toBe(true);
    }
    expect(isStreamCovered(['/api/leaderboard?sortBy=level&limit=30'])).toBe(false);
    expect(isStreamCovered([42])).toBe(false);
  });
});

describe('user.updated meets the tap prediction', () => {
  const pushed = { ...user, telnet: 17, totalTaps: 43, currentExp: 23 };
  it('takes the pushed user whole when no decodes are in flight', () => {
    expect(mergeUserUpdate(user, pushed, false)).toEqual(pushed);
  });
  it('keeps the cached progress but takes Telnet while decodes are in flight', () => {
    expect(mergeUserUpdate(user, pushed, true)).toEqual({ ...pushed, totalTaps: 40, currentExp: 20 });
  });
});

describe('presence in the directory list', () => {
  const users = [
    { id: 1, username: 'a', isOnline: true },
    { id: 2, username: 'b', isOnline: false },
    { id: 3, username: 'c', isOnline: true },
  ];
  it('applies a whole batch in one new list and keeps the unchanged rows', () => {
    const { users: next, unlisted } = withPresence(users, { online: [2], offline: [3] });
    expect(unlisted).toBe(false);
    expect(next).toEqual([
      users[0],
      { id: 2, username: 'b', isOnline: true },
      { id: 3, username: 'c', isOnline: false },
    ]);
    expect(next?.[0]).toBe(users[0]);
  });
  it('answers the same list when nothing changes', () => {
    expect(withPresence(users, { online: [1], offline: [2] })).toEqual({ users, unlisted: false });
    expect(withPresence(users, { online: [1], offline: [2] }).users).toBe(users);
    expect(withPresence(undefined, { online: [1], offline: [] })).toEqual({ users: undefined, unlisted: false });
  });
  it('asks for a refetch when someone who came online is not listed (not for one who left)', () => {
    expect(withPresence(users, { online: [9], offline: [] }).unlisted).toBe(true);
    expect(withPresence(users, { online: [], offline: [9] })).toEqual({ users, unlisted: false });
  });
});

describe('ignored players (ADR 056)', () => {
  const me = 1;
  const line = { id: 9, userId: 2, username: 'Spammer', message: 'buy now', createdAt: '2026-01-01T00:00:00.000Z' };

  it('drops a pushed chat line by an ignored player: nothing appended, nothing unread', () => {
    expect(eventActions({ t: 'chat_message', d: line, v: 1 }, me, new Set([2]))).toEqual([]);
    expect(eventActions({ t: 'chat_message', d: line, v: 1 }, me, new Set([3]))).toHaveLength(2);
  });

  it('refetches the list and the filtered histories when the list changed on another tab', () => {
    expect(eventActions({ t: 'ignores.changed', d: {}, v: 1 }, me)).toEqual([
      { kind: 'invalidate', prefixes: ['/api/ignores', '/api/chat/', '/api/directories/'] },
    ]);
  });

  it('tells the victim of an ignored player’s intrusion without a name, with the window', () => {
    const [refetch, alert] = eventActions({ t: 'terminal.ignoredIntrusion', d: { windowMinutes: 30 }, v: 1 }, me);
    expect(refetch).toEqual({ kind: 'invalidate', prefixes: ['/api/filesystem/status'] });
    expect(alert).toMatchObject({ kind: 'alert', description: expect.stringContaining('one per 30 minutes') });
  });
});
