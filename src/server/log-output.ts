import { write } from 'node:fs';

/** Where the server's log lines go, and how shutdown waits for them. */
export interface LogOutput {
  stream: { write(line: string): void };
  /** Resolves once every queued line is written, or after waitMs if the reader is not taking them. */
  flush(waitMs: number): Promise<void>;
  /** Lines dropped because the reader fell more than the buffer behind (or went away). */
  dropped(): number;
}

const retryFullPipeMs = 100;

/**
 * Log lines written to a file descriptor asynchronously, with a bounded queue (ADR 048). Pino's
 * default destination writes synchronously and retries a full pipe in a busy sleep for ever: with a
 * parent that stopped reading (or went away leaving its end of the pipe open), the whole server froze
 * on its next log line, shutdown included. Here a full pipe is retried off the event loop, lines past
 * the cap are dropped and counted, and a reader that is gone (EPIPE) ends the output.
 */
export function createLogOutput(fd: number, maxQueuedBytes: number): LogOutput {
  let queue: string[] = [];
  let queuedBytes = 0;
  let writing = false;
  let closed = false;
  let dropped = 0;
  let waiters: Array<() => void> = [];

  const settle = () => {
    const ready = waiters;
    waiters = [];
    ready.forEach((resolve) => resolve());
  };

  function writeChunk(chunk: Buffer): void {
    write(fd, chunk, 0, chunk.length, null, (error, written) => {
      if (error?.code === 'EAGAIN') {
        setTimeout(() => writeChunk(chunk), retryFullPipeMs).unref();
        return;
      }
      if (error) {
        closed = true;
        dropped += queue.length;
        queue = [];
        queuedBytes = 0;
        writing = false;
        settle();
        return;
      }
      if (written < chunk.length) return writeChunk(chunk.subarray(written));
      writing = false;
      pump();
    });
  }

  function pump(): void {
    if (writing) return;
    if (queue.length === 0) return settle();
    writing = true;
    const chunk = Buffer.from(queue.join(''));
    queue = [];
    queuedBytes = 0;
    writeChunk(chunk);
  }

  return {
    stream: {
      write(line: string) {
        if (closed || queuedBytes + line.length > maxQueuedBytes) {
          dropped += 1;
          return;
        }
        queue.push(line);
        queuedBytes += line.length;
        pump();
      },
    },
    flush(waitMs: number) {
      if (!writing && queue.length === 0) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, waitMs);
        timer.unref();
        waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    },
    dropped: () => dropped,
  };
}
