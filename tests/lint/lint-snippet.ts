import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';

// Snippets linted with the repository's own config, as `npm run lint` does, at virtual file paths.
const root = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd: root });

export async function rulesHit(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  const messages = result!.messages;
  const fatal = messages.find((m) => m.fatal);
  if (fatal) throw new Error(`${filePath} did not parse: ${fatal.message}`);
  return messages.map((m) => m.ruleId ?? '');
}

// The first lint loads the config, the TypeScript parser and every plugin: seconds on a busy
// machine. Done once here, so no single case pays it inside its own 5 s budget.
export async function warmUp(): Promise<void> {
  await rulesHit('src/core/warm-up.ts', 'export const warm = 1;\n');
}

/** The names a one-line import or export brings in, so the snippet uses them (no unused-var noise). */
export function importedName(code: string): string {
  if (code.startsWith('export')) return '';
  const braces = /\{([^}]*)\}/.exec(code);
  if (braces) return braces[1]!.replace(/\btype\b/g, '').trim();
  return /import\s+(?:\*\s+as\s+)?(\w+)/.exec(code)![1]!;
}
