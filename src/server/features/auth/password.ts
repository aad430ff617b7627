import { hash, verify } from '@node-rs/argon2';
import { infra } from '../../../core/infra';

// argon2id with OWASP's second recommended profile (19 MiB, t=2, p=1): ~20-40 ms on one core.
const options = {
  algorithm: 2 /* Argon2id: a const enum, which verbatimModuleSyntax cannot import */,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

/** Hashing and checking passwords; the auth service takes one so tests can count the work done. */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(passwordHash: string, password: string): Promise<boolean>;
}

/** Runs at most `max` tasks at once; the rest wait in arrival order. */
function createSemaphore(max: number) {
  let running = 0;
  const waiting: Array<() => void> = [];
  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (running >= max) await new Promise<void>((resolve) => waiting.push(resolve));
      else running += 1;
      try {
        return await task();
      } finally {
        const next = waiting.shift();
        if (next) next();
        else running -= 1;
      }
    },
  };
}

export const argon2Hasher: PasswordHasher = {
  hash: (password) => hash(password, options),
  async verify(passwordHash, password) {
    try {
      return await verify(passwordHash, password);
    } catch {
      return false;
    }
  },
};

/**
 * A hasher that runs at most `max` hashes at once (login and registration share it), so a burst
 * of sign-ins queues instead of taking every core from the game.
 */
export function boundedHasher(
  inner: PasswordHasher = argon2Hasher,
  max: number = infra.passwordHashesAtOnce,
): PasswordHasher {
  const slots = createSemaphore(max);
  return {
    hash: (password) => slots.run(() => inner.hash(password)),
    verify: (passwordHash, password) => slots.run(() => inner.verify(passwordHash, password)),
  };
}
