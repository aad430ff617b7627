// The checks `npm test` runs before any test: the type check, ESLint and Prettier. Each is one process
// on one core, and none reads another's output, so they run side by side (ADR 085): one after the other
// they left the second core idle for over a minute of every CI run. Each one's output is printed whole
// when it ends, under its name; the exit code is the worst of the three.
import { spawn } from 'node:child_process';

const checks = [
  { name: 'typecheck', args: ['npm', 'run', '--silent', 'typecheck'] },
  { name: 'lint', args: ['npm', 'run', '--silent', 'lint'] },
  { name: 'format', args: ['npm', 'run', '--silent', 'format:check'] },
];

function run({ name, args }: (typeof checks)[number]): Promise<number> {
  const child = spawn(args[0]!, args.slice(1), { stdio: ['ignore', 'pipe', 'pipe'] });
  const output: Buffer[] = [];
  child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
  child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
  return new Promise((resolve) =>
    child.on('close', (code) => {
      const status = code ?? 1;
      process.stdout.write(`== ${name}: ${status === 0 ? 'passed' : `FAILED (exit ${status})`}\n`);
      process.stdout.write(Buffer.concat(output));
      resolve(status);
    }),
  );
}

const codes = await Promise.all(checks.map(run));
process.exit(Math.max(...codes));
