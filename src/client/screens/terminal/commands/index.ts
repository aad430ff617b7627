import type { TerminalCommandName } from '../../../../core/terminal/terminal-commands';
import type { Handler } from './context';
import { buyDir, buyDirConfirm, mkdir, mv, rm } from './file-operations';
import { cd, clear, help, ls, scan, status } from './navigation';
import { exit, hack, ssh } from './sessions';

/** One handler per command of the table in src/core/terminal: a missing one is a compile error. */
export const terminalHandlers = {
  help,
  ssh,
  scan,
  ls,
  cd,
  mkdir,
  mv,
  rm,
  status,
  'buy-dir': buyDir,
  'buy-dir-confirm': buyDirConfirm,
  hack,
  clear,
  exit,
} satisfies Record<TerminalCommandName, Handler>;

export { errorDraft, type CommandContext } from './context';
