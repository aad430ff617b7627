import { execFileSync } from 'node:child_process';

/** Builds the client once before the browser tests, so they run against what `npm start` serves. */
export default function setup(): void {
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
}
