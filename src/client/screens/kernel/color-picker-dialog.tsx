import { useState } from 'react';
import type { Rgb } from '../../../core/rules/kernel';
import { texts } from '../../../core/texts';
import { CommandButton } from '../../ui/button';
import { Modal } from '../../ui/modal';

const k = texts.kernel;
const channels = [
  ['r', k.red],
  ['g', k.green],
  ['b', k.blue],
] as const;

/** spec §2 colour picker: red, green and blue sliders 0–255 with a live swatch; arrows move a slider by 1, Page keys by 10. */
export function ColorPickerDialog({ open, initial, busy, onSave, onCancel }: { open: boolean; initial: Rgb; busy: boolean; onSave(color: Rgb): void; onCancel(): void }) {
  const [color, setColor] = useState<Rgb>(initial);
  return (
    <Modal open={open} onOpenChange={(o) => (o ? undefined : onCancel())} title={k.colorTitle} description={k.colorHint}>
      <form
        className="bb-kernel__picker"
        onSubmit={(e) => {
          e.preventDefault();
          onSave(color);
        }}
      >
        <div className="bb-kernel__picker-swatch" style={{ background: `rgb(${color.r}, ${color.g}, ${color.b})` }} data-testid="kernel-swatch" aria-hidden="true" />
        {channels.map(([key, label]) => (
          <label key={key} className="bb-kernel__slider">
            <span>{label}</span>
            <input type="range" min={0} max={255} step={1} value={color[key]} onChange={(e) => setColor({ ...color, [key]: Number(e.target.value) })} />
            <output>{color[key]}</output>
          </label>
        ))}
        <div className="bb-modal__actions">
          <CommandButton onClick={onCancel}>{k.cancel}</CommandButton>
          <CommandButton type="submit" variant="primary" disabled={busy}>
            {k.saveColor}
          </CommandButton>
        </div>
      </form>
    </Modal>
  );
}
