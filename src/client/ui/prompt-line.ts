import { infra } from '../../core/infra';
import {
  emptyHistory,
  historyBack,
  historyForward,
  rememberLine,
  type Completion,
  type History,
} from '../../core/terminal/command-line';

/** A command line's own state, the same on every command-line screen: what is typed, and ↑/↓'s history. */
export interface PromptLine {
  input: string;
  history: History;
}

export type PromptLineAction =
  { type: 'type'; input: string } | { type: 'back' } | { type: 'forward' } | { type: 'remember'; line: string };

/** A fresh line; `saved` is history kept from an earlier visit (only the newest are kept). */
export function initialPromptLine(saved: readonly string[] = []): PromptLine {
  return { input: '', history: { ...emptyHistory, entries: saved.slice(-infra.commandHistoryMax) } };
}

export function promptLineReducer(state: PromptLine, action: PromptLineAction): PromptLine {
  switch (action.type) {
    case 'type':
      return { ...state, input: action.input };
    case 'back':
    case 'forward': {
      const step = (action.type === 'back' ? historyBack : historyForward)(state.history, state.input);
      return { input: step.line, history: step.history };
    }
    case 'remember':
      return { ...state, history: rememberLine(state.history, action.line, infra.commandHistoryMax) };
  }
}

/** Tab's candidates when more than one fits, on one line as a shell lists them; null when there is nothing to list. */
export function completionOptionsLine(result: Completion): string | null {
  return result.options.length > 1 ? result.options.join('   ') : null;
}
