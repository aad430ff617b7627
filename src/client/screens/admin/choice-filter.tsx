/** A labelled choice among a closed list, `*` for any: the console's filters (audit actions, ledger reasons). */
export function ChoiceFilter<V extends string>({
  label,
  choices,
  value,
  onChange,
}: {
  label: string;
  choices: readonly V[];
  value: V | null;
  onChange(value: V | null): void;
}) {
  return (
    <label className="bb-console__filter">
      <span>{label}</span>
      <select value={value ?? ''} onChange={(e) => onChange(e.target.value ? (e.target.value as V) : null)}>
        <option value="">*</option>
        {choices.map((c) => (
          <option key={c} value={c}>
            {c}
          </option>
        ))}
      </select>
    </label>
  );
}
