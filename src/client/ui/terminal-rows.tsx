/** Rows every terminal's output draws the same way (the classes are terminal.css's). */

/** A submitted line echoed into the output: the prompt it was typed at, then the line (plain text). */
export function EchoRow({ prompt, text }: { prompt: string; text: string }) {
  return (
    <p className="bb-term-row bb-term-echo">
      <span className="bb-term-echo__prompt">{prompt}</span> {text}
    </p>
  );
}

/** 'help': each command's usage beside what it does. */
export function HelpTable({
  rows,
  label,
  className,
}: {
  rows: readonly { usage: string; summary: string }[];
  label: string;
  className?: string;
}) {
  return (
    <ul className={className ? `bb-term-table ${className}` : 'bb-term-table'} aria-label={label}>
      {rows.map((row) => (
        <li key={row.usage}>
          <span className="bb-term--ok">{row.usage}</span>
          <span className="bb-term--muted">{row.summary}</span>
        </li>
      ))}
    </ul>
  );
}
