import { execFileSync } from 'node:child_process';

/**
 * Builds the client once before the browser tests, so they run against what `npm start` serves.
 * NODE_ENV=production: vitest sets NODE_ENV=test, and Vite would then bundle React's development
 * build (twice the size, StrictMode's double effects) rather than the one players get.
 */
export default function setup(): void {
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
}
