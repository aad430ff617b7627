import type { ApiClient } from '../../../lib/api';
import type { LogDraft, TerminalAction, TerminalSession } from '../terminal-model';

/** What every Terminal command may use: passed in by useTerminal, so each command reads as a plain function. */
export interface CommandContext {
  api: ApiClient;
  /** The session as this render shows it (mode, target, cwd, intrusion). */
  session: TerminalSession;
  print(...drafts: LogDraft[]): void;
  dispatch(action: TerminalAction): void;
  /** Runs the server call with the line busy; a failure prints the command's spec text. */
  run(work: () => Promise<void>): Promise<void>;
  /** The countdown's clock moved (a session with a time limit opened). */
  tick(): void;
  /** Names scan listed, for ssh ⇥. */
  scanned(usernames: readonly string[]): void;
  /** The player's Telnet or stats changed on the server. */
  refreshUser(): void;
  /** A file operation may have completed a mission. */
  refreshMissions(): void;
}

/** A command's handler: the rest of the line after the command word. */
export type Handler = (ctx: CommandContext, arg: string) => void | Promise<void>;

export const errorDraft = (text: string): LogDraft => ({ kind: 'line', tone: 'error', text });

/** The intrusion a read belongs to, as the query string carries it. */
export const intrusionQuery = (session: TerminalSession) =>
  session.intrusionId !== null ? `&intrusionId=${session.intrusionId}` : '';
