import { isBitbreachMessage, type CounterAnswer, type CounterRequest, type LeaseRequest } from './messages';

const answerTimeoutMs = 1000;

type Question = Omit<CounterRequest, 'id'> | Omit<LeaseRequest, 'id'>;

/** A worker's channel for questions to its cluster primary (counters and socket leases, ADR 036/045). */
export interface PrimaryAsker {
  /** Resolves with the primary's number; rejects when it is gone or does not answer within a second. */
  ask(question: Question): Promise<number>;
  close(): void;
}

export function primaryAsker(): PrimaryAsker {
  let nextId = 1;
  const waiting = new Map<number, { resolve: (count: number) => void; timer: NodeJS.Timeout }>();
  const onMessage = (raw: unknown) => {
    if (!isBitbreachMessage(raw) || raw.bb !== 'count-answer') return;
    const answer = raw as CounterAnswer;
    const waiter = waiting.get(answer.id);
    if (!waiter) return;
    waiting.delete(answer.id);
    clearTimeout(waiter.timer);
    waiter.resolve(answer.count);
  };
  process.on('message', onMessage);
  return {
    ask(question) {
      return new Promise((resolve, reject) => {
        if (!process.connected) return reject(new Error('the cluster primary is gone'));
        const id = nextId++;
        const timer = setTimeout(() => {
          waiting.delete(id);
          reject(new Error(`the cluster primary did not answer a ${question.bb} request within ${answerTimeoutMs} ms`));
        }, answerTimeoutMs);
        timer.unref();
        waiting.set(id, { resolve, timer });
        process.send!({ ...question, id });
      });
    },
    close() {
      process.off('message', onMessage);
      for (const { timer } of waiting.values()) clearTimeout(timer);
      waiting.clear();
    },
  };
}
