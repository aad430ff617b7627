import { spawn, type ChildProcess } from 'node:child_process';

// Development: the server restarts on change (tsx watch) on port 5000, and Vite serves the client
// with hot reload on 5173, proxying /api and /ws to the server. Ctrl-C stops both.
const children: ChildProcess[] = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'src/server/main.ts'], {
    stdio: 'inherit',
    // One server process while developing (a restart per change), unless WORKERS says otherwise.
    env: {
      ...process.env,
      STATIC_DIR: process.env.STATIC_DIR ?? '/nonexistent',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
      WORKERS: process.env.WORKERS ?? '1',
    },
  }),
  spawn('npx', ['vite', '--port', '5173'], { stdio: 'inherit' }),
];
console.log('Bitbreach dev: open http://localhost:5173 (API on http://localhost:5000)');

function stop(): void {
  for (const child of children) child.kill('SIGTERM');
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', () => stop());
