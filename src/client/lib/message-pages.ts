import type { MessagePage, MessagePages } from './stream-queries';

interface Identified {
  id: number;
}

export interface KeepLimit {
  /** Messages kept in the cache before trimming. */
  max: number;
  /** How many of the oldest go at once when the cache passes `max` (bounded buffers drop in batches). */
  drop: number;
}

/** Every message of a paged history once, oldest first (pages hold the latest page first). */
export function messagesOf<M extends Identified>(data: MessagePages<M> | undefined): M[] {
  if (!data) return [];
  const byId = new Map<number, M>();
  for (const page of data.pages) for (const message of page.messages) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/** Whether any page already holds the message (a rare resend delivers an event twice). */
export function hasMessage<M extends Identified>(data: MessagePages<M> | undefined, id: number): boolean {
  return data?.pages.some((page) => page.messages.some((m) => m.id === id)) ?? false;
}

/** The pages without one message (a moderator removed it); the same object when no page holds it. */
export function removeMessage<M extends Identified>(
  data: MessagePages<M> | undefined,
  id: number,
): MessagePages<M> | undefined {
  if (!data || !hasMessage(data, id)) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({ ...page, messages: page.messages.filter((m) => m.id !== id) })),
  };
}

/**
 * A new message added to the latest page, once. When the cache passes `keep.max`, the oldest are
 * dropped in one batch and the rest become one page whose cursor points below them, so scrolling up
 * loads what was dropped. Answers the same object when nothing changes (no re-render), and
 * undefined when the history has not loaded yet (the first fetch will include the message).
 */
export function appendMessage<M extends Identified>(
  data: MessagePages<M> | undefined,
  message: M,
  keep: KeepLimit,
): MessagePages<M> | undefined {
  if (!data || data.pages.length === 0) return data;
  if (hasMessage(data, message.id)) return data;
  const [latest, ...older] = data.pages as [MessagePage<M>, ...MessagePage<M>[]];
  const grown: MessagePage<M> = { ...latest, messages: [...latest.messages, message].sort((a, b) => a.id - b.id) };
  const pages = [grown, ...older];
  const total = pages.reduce((n, page) => n + page.messages.length, 0);
  if (total <= keep.max) return { ...data, pages };
  const all = messagesOf({ pages, pageParams: data.pageParams });
  const kept = all.slice(Math.min(all.length - 1, Math.max(keep.drop, total - keep.max)));
  const oldest = kept[0];
  return { pages: [{ messages: kept, nextBefore: oldest ? oldest.id : null }], pageParams: [null] };
}
