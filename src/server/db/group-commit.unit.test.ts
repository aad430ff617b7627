import { describe, expect, it } from 'vitest';
import { createGroupCommitter } from './group-commit';

describe('group commit', () => {
  it('commits requests that arrive in the same turn together, and later ones in the next group', async () => {
    const groups: number[][] = [];
    let firstRunning!: () => void;
    const running = new Promise<void>((resolve) => (firstRunning = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const committer = createGroupCommitter(
      async (items: number[]) => {
        groups.push(items);
        firstRunning();
        await released;
        return items.map((i) => i * 10);
      },
      { maxGroupSize: 100, maxConcurrentGroups: 1 },
    );
    const first = [1, 2, 3].map((i) => committer.submit(i));
    await running; // the first group is being committed: what arrives now waits for the next one
    const second = [4, 5].map((i) => committer.submit(i));
    release();
    expect(await Promise.all([...first, ...second])).toEqual([10, 20, 30, 40, 50]);
    expect(groups).toEqual([
      [1, 2, 3],
      [4, 5],
    ]);
  });

  it('caps the group size', async () => {
    const sizes: number[] = [];
    const committer = createGroupCommitter(
      async (items: number[]) => {
        sizes.push(items.length);
        return items;
      },
      { maxGroupSize: 4, maxConcurrentGroups: 1 },
    );
    await Promise.all(Array.from({ length: 10 }, (_, i) => committer.submit(i)));
    expect(sizes).toEqual([4, 4, 2]);
  });

  it('a failing request fails alone: the rest of its group is retried one by one and succeeds', async () => {
    const committer = createGroupCommitter(
      async (items: number[]) => {
        if (items.includes(13)) throw new Error('bad request 13');
        return items;
      },
      { maxGroupSize: 10, maxConcurrentGroups: 1 },
    );
    const results = await Promise.allSettled([1, 13, 2].map((i) => committer.submit(i)));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    await committer.drain();
  });
});
