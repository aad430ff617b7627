import { describe, expect, it } from 'vitest';
import { unreadState } from './unread-model';

describe('unread badge state (spec §2)', () => {
  it.each([
    [undefined, undefined, { ping: false, chat: false, any: false }],
    [{ hasUnread: false }, [], { ping: false, chat: false, any: false }],
    [{ hasUnread: true }, [], { ping: false, chat: true, any: true }],
    [{ hasUnread: false }, ['Trinity'], { ping: true, chat: false, any: true }],
    [undefined, ['Trinity', 'Morpheus'], { ping: true, chat: false, any: true }],
    [{ hasUnread: true }, ['Trinity'], { ping: true, chat: true, any: true }],
  ] as const)('chat %j and directories %j → %j', (chat, directories, expected) => {
    expect(unreadState(chat, directories)).toEqual(expected);
  });
});
