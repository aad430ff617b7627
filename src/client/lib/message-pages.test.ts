import { describe, expect, it } from 'vitest';
import { appendMessage, hasMessage, messagesOf, removeMessage } from './message-pages';
import type { MessagePages } from './stream-queries';

interface M {
  id: number;
  text: string;
}
const m = (id: number): M => ({ id, text: `line ${id}` });
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => m(from + i));

/** Pages as the server sends them: the latest page first, each oldest first. */
function pages(...ranges: [number, number][]): MessagePages<M> {
  return {
    pages: ranges.map(([from, to]) => ({ messages: range(from, to), nextBefore: from > 1 ? from : null })),
    pageParams: ranges.map((_, i) => (i === 0 ? null : ranges[i - 1]![0])),
  };
}

const keep = { max: 300, drop: 100 };

describe('paged message history', () => {
  it('flattens the pages oldest first, once each', () => {
    const data = pages([6, 10], [1, 5]);
    data.pages[0]!.messages.push(m(5)); // a resend that overlaps the older page
    expect(messagesOf(data).map((x) => x.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(messagesOf(undefined)).toEqual([]);
  });

  it('drops a removed line from whichever page holds it, and changes nothing for a line it never had', () => {
    const data = pages([6, 10], [1, 5]);
    expect(messagesOf(removeMessage(data, 3)).map((x) => x.id)).toEqual([1, 2, 4, 5, 6, 7, 8, 9, 10]);
    expect(removeMessage(data, 42)).toBe(data);
    expect(removeMessage(undefined, 3)).toBeUndefined();
  });

  it('appends a new message to the latest page', () => {
    const next = appendMessage(pages([6, 10], [1, 5]), m(11), keep);
    expect(messagesOf(next).map((x) => x.id)).toEqual(range(1, 11).map((x) => x.id));
    expect(next?.pages[0]?.messages.at(-1)?.id).toBe(11);
  });

  it('drops a message it already holds (a rare resend delivers an event twice)', () => {
    const data = pages([6, 10], [1, 5]);
    expect(appendMessage(data, m(8), keep)).toBe(data);
    expect(appendMessage(data, m(3), keep)).toBe(data);
    expect(hasMessage(data, 3)).toBe(true);
    expect(hasMessage(data, 11)).toBe(false);
  });

  it('keeps an out-of-order arrival in id order', () => {
    const next = appendMessage(pages([6, 10]), m(12), keep);
    const after = appendMessage(next, m(11), keep);
    expect(after?.pages[0]?.messages.map((x) => x.id)).toEqual([6, 7, 8, 9, 10, 11, 12]);
  });

  it('leaves history that has not loaded alone (the first fetch brings the message)', () => {
    expect(appendMessage(undefined, m(1), keep)).toBeUndefined();
  });

  it('past the limit drops the oldest in one batch, with a cursor that reloads them on scroll', () => {
    const data = pages([201, 300], [101, 200], [1, 100]);
    const next = appendMessage(data, m(301), keep);
    expect(next?.pages).toHaveLength(1);
    const ids = messagesOf(next).map((x) => x.id);
    // 301 lines: the 100 oldest go at once, 201 stay.
    expect(ids[0]).toBe(101);
    expect(ids.at(-1)).toBe(301);
    expect(ids).toHaveLength(201);
    expect(next?.pages[0]?.nextBefore).toBe(101);
    expect(next?.pageParams).toEqual([null]);
  });
});
