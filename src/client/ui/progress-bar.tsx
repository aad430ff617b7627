import './progress-bar.css';

export interface ProgressBarProps {
  /** Accessible name, e.g. 'Experience'. */
  label: string;
  value: number;
  max: number;
  /** Figures shown beside the bar as text; defaults to `value/max`. */
  valueText?: string;
  tone?: 'accent' | 'link' | 'telnet' | 'danger';
  /** Hide the visible label row (the bar keeps its accessible name). */
  compact?: boolean;
}

/** A thin neon bar with its figures beside it as text (ui.md). */
export function ProgressBar({ label, value, max, valueText, tone = 'accent', compact = false }: ProgressBarProps) {
  const safeMax = max > 0 ? max : 1;
  const clamped = Math.min(Math.max(value, 0), safeMax);
  const percent = (clamped / safeMax) * 100;
  const text = valueText ?? `${value}/${max}`;
  return (
    <div className={`bb-progress bb-progress--${tone}`}>
      {compact ? null : (
        <div className="bb-progress__row" aria-hidden="true">
          <span className="bb-progress__label">{label}</span>
          <span className="bb-progress__value">{text}</span>
        </div>
      )}
      <div
        className="bb-progress__track"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={safeMax}
        aria-valuenow={clamped}
        aria-valuetext={text}
      >
        <div className="bb-progress__fill" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
