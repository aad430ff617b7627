/**
 * Things a player did that other features react to in this process, after the action committed
 * (ADR 079): the missions learn of them here instead of being called by the features that saw them.
 * They never leave the process; what other instances or sockets must see goes on the realtime bus.
 */
export type DomainEvent =
  | { t: 'terminal.sshedSelf'; userId: number }
  | { t: 'terminal.directoryCreated'; userId: number }
  | { t: 'terminal.tokenMoved'; userId: number }
  | { t: 'terminal.developerHacked'; userId: number }
  | { t: 'kernel.bitPurchased'; userId: number };

export type DomainEventType = DomainEvent['t'];
type Handler<T extends DomainEventType> = (event: Extract<DomainEvent, { t: T }>) => Promise<void> | void;
type AnyHandler = (event: DomainEvent) => Promise<void> | void;

/** What a feature that reports its actions needs: emit, awaited. */
export interface DomainEventEmitter {
  /**
   * Runs every handler of the event, one after the other, and resolves when all have: the answer of
   * the action then reaches the player with what the handlers did (a mission's reward) settled. A
   * handler's failure is logged and never fails the action, which has already committed.
   */
  emit(event: DomainEvent): Promise<void>;
}

export interface DomainEvents extends DomainEventEmitter {
  on<T extends DomainEventType>(type: T, handler: Handler<T>): void;
}

export function createDomainEvents(log?: { warn(details: object, message: string): void }): DomainEvents {
  const handlers = new Map<DomainEventType, AnyHandler[]>();
  return {
    on(type, handler) {
      // Kept by its type, so it is only ever called with an event of that type.
      handlers.set(type, [...(handlers.get(type) ?? []), handler as unknown as AnyHandler]);
    },
    async emit(event) {
      for (const handler of handlers.get(event.t) ?? []) {
        try {
          await handler(event);
        } catch (error) {
          log?.warn({ err: error, event: event.t }, 'a domain event handler failed; the action stands');
        }
      }
    },
  };
}
