import { useReducer } from 'react';
import type { Completion } from '../../core/terminal/command-line';
import { completionOptionsLine, initialPromptLine, promptLineReducer } from './prompt-line';

export interface PromptLineOptions {
  /** History kept from an earlier visit, read once. */
  savedHistory?: () => readonly string[];
  /** Prints Tab's candidates under the line (each screen has its own output). */
  printOptions(text: string): void;
}

/** The prompt's keys shared by every command-line screen: typing, ↑/↓ through history, Tab's completion. */
export function usePromptLine({ savedHistory, printOptions }: PromptLineOptions) {
  const [line, dispatch] = useReducer(promptLineReducer, undefined, () => initialPromptLine(savedHistory?.()));
  return {
    input: line.input,
    historyEntries: line.history.entries,
    setInput: (input: string) => dispatch({ type: 'type', input }),
    /** A submitted line joins the history. */
    remember: (submitted: string) => dispatch({ type: 'remember', line: submitted }),
    /** ↑ and ↓. */
    history: (direction: 'back' | 'forward') => dispatch({ type: direction }),
    /** Tab: the line as completed, and the candidates listed when more than one fits. */
    complete(result: Completion) {
      dispatch({ type: 'type', input: result.line });
      const options = completionOptionsLine(result);
      if (options) printOptions(options);
    },
  };
}
