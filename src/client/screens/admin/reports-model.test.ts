import { describe, expect, it } from 'vitest';
import type { ReportQueueItem } from '../../../core/api/safety';
import {
  actionRequest,
  actionsFor,
  commandOf,
  defaultReason,
  itemKey,
  parseMinutes,
  resolveBody,
  selectionAfter,
  selectionAfterResolve,
} from './reports-model';

const at = '2026-01-01T00:00:00.000Z';
const base = {
  reportedUserId: 7,
  reportedUsername: 'Troll',
  count: 1,
  firstReportedAt: at,
  lastReportedAt: at,
  reporters: [],
};
const chat: ReportQueueItem = {
  ...base,
  targetKind: 'chat',
  targetRef: '41',
  snapshot: { kind: 'chat', messageId: 41, authorId: 7, author: 'Troll', text: 'hi', sentAt: at },
};
const user: ReportQueueItem = {
  ...base,
  targetKind: 'user',
  targetRef: '7',
  snapshot: { kind: 'user', userId: 7, username: 'Troll' },
};
const region: ReportQueueItem = {
  ...base,
  targetKind: 'region',
  targetRef: '1,2,3,4',
  snapshot: {
    kind: 'region',
    x0: 1,
    y0: 2,
    x1: 3,
    y1: 4,
    ownedBits: 2,
    owners: [{ userId: 7, username: 'Troll', bits: 2 }],
  },
};
const ping: ReportQueueItem = {
  ...base,
  targetKind: 'ping',
  targetRef: '9',
  snapshot: {
    kind: 'ping',
    messageId: 9,
    senderId: 7,
    sender: 'Troll',
    receiverId: 8,
    receiver: 'Me',
    text: 'x',
    sentAt: at,
  },
};
const reporter = (reason: ReportQueueItem['reporters'][number]['reason']) => ({
  userId: 1,
  username: 'r',
  reason,
  note: '',
  reportedAt: at,
});

describe('the reports queue model', () => {
  it.each([
    ['a chat line', chat, ['dismiss', 'mute', 'remove', 'ban']],
    ['a private message', ping, ['dismiss', 'mute', 'ban']],
    ['a username', user, ['dismiss', 'mute', 'rename', 'ban']],
    ['a region', region, ['dismiss', 'mute', 'clear', 'ban']],
    ['a line whose author is gone', { ...chat, reportedUserId: null }, ['dismiss', 'remove']],
  ])('offers the actions that fit %s', (_, item, actions) => {
    expect(actionsFor(item)).toEqual(actions);
  });

  it.each([
    ['j', { kind: 'move', delta: 1 }],
    ['ArrowDown', { kind: 'move', delta: 1 }],
    ['k', { kind: 'move', delta: -1 }],
    ['ArrowUp', { kind: 'move', delta: -1 }],
    ['Home', { kind: 'edge', to: 'first' }],
    ['End', { kind: 'edge', to: 'last' }],
    ['d', { kind: 'act', action: 'dismiss' }],
    ['D', { kind: 'act', action: 'dismiss' }],
    ['m', { kind: 'act', action: 'mute' }],
    ['r', { kind: 'act', action: 'remove' }],
    ['c', { kind: 'act', action: 'clear' }],
    ['N', { kind: 'act', action: 'rename' }],
    ['b', { kind: 'act', action: 'ban' }],
    ['x', null],
    ['Enter', null],
  ])('reads the key %s', (key, command) => {
    expect(commandOf({ key })).toEqual(command);
  });

  it('leaves modified keys to the browser (Ctrl+R reloads, Ctrl+D bookmarks)', () => {
    expect(commandOf({ key: 'r', ctrlKey: true })).toBeNull();
    expect(commandOf({ key: 'd', metaKey: true })).toBeNull();
    expect(commandOf({ key: 'j', altKey: true })).toBeNull();
  });

  it('moves the selection inside the list and starts at the first report', () => {
    const keys = ['a', 'b', 'c'];
    expect(selectionAfter(keys, null, { kind: 'move', delta: 1 })).toBe('b');
    expect(selectionAfter(keys, 'c', { kind: 'move', delta: 1 })).toBe('c');
    expect(selectionAfter(keys, 'a', { kind: 'move', delta: -1 })).toBe('a');
    expect(selectionAfter(keys, 'gone', { kind: 'move', delta: 1 })).toBe('b');
    expect(selectionAfter(keys, 'b', { kind: 'edge', to: 'last' })).toBe('c');
    expect(selectionAfter(keys, 'b', { kind: 'edge', to: 'first' })).toBe('a');
    expect(selectionAfter([], 'a', { kind: 'move', delta: 1 })).toBeNull();
  });

  it('selects the next report after a resolve, the previous one at the end, nothing when none is left', () => {
    expect(selectionAfterResolve(['a', 'b', 'c'], 'b')).toBe('c');
    expect(selectionAfterResolve(['a', 'b', 'c'], 'c')).toBe('b');
    expect(selectionAfterResolve(['a'], 'a')).toBeNull();
    expect(selectionAfterResolve(['a', 'b'], 'gone')).toBe('a');
  });

  it('prefills the reason with what the reporters said most', () => {
    expect(defaultReason({ ...chat, reporters: [reporter('spam'), reporter('hate'), reporter('hate')] })).toBe(
      'reported: hate',
    );
    expect(defaultReason({ ...chat, reporters: [reporter('harassment'), reporter('spam')] })).toBe(
      'reported: harassment',
    );
    expect(defaultReason(chat)).toBe('reported');
  });

  it.each([
    ['60', 60],
    [' 5 ', 5],
    ['43200', 43200],
    ['4', null],
    ['43201', null],
    ['1.5', null],
    ['-5', null],
    ['', null],
    ['1e3', null],
  ])('reads %j minutes as %s', (text, minutes) => {
    expect(parseMinutes(text)).toBe(minutes);
  });

  it("calls each action's own console route with the report's target, then resolves with what was done", () => {
    expect(actionRequest('dismiss', chat, 'why', null)).toBeNull();
    expect(actionRequest('mute', chat, 'why', 60)).toEqual({
      path: '/api/admin/players/7/mute',
      body: { minutes: 60, reason: 'why' },
    });
    expect(actionRequest('remove', chat, 'why', null)).toEqual({
      path: '/api/admin/chat/messages/41/remove',
      body: { reason: 'why' },
    });
    expect(actionRequest('rename', user, 'why', null)).toEqual({
      path: '/api/admin/players/7/rename',
      body: { reason: 'why' },
    });
    expect(actionRequest('ban', ping, 'why', null)).toEqual({
      path: '/api/admin/players/7/ban',
      body: { reason: 'why' },
    });
    expect(actionRequest('clear', region, 'why', null)).toEqual({
      path: '/api/admin/kernel/clear',
      body: { x0: 1, y0: 2, x1: 3, y1: 4, ownerUserId: 7, reason: 'why' },
    });
    expect(resolveBody('remove', chat, 'why')).toEqual({
      targetKind: 'chat',
      targetRef: '41',
      action: 'removed',
      reason: 'why',
    });
    expect(resolveBody('dismiss', region, 'ok')).toEqual({
      targetKind: 'region',
      targetRef: '1,2,3,4',
      action: 'dismissed',
      reason: 'ok',
    });
    expect(itemKey(region)).toBe('region:1,2,3,4');
  });
});
