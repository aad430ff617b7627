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

/** Preset colours beside the sliders (ADR 066), as pxls's palette: one press sets all three channels. */
export const presets: readonly (Rgb & { name: string })[] = [
  { name: 'NEON GREEN', r: 57, g: 255, b: 136 },
  { name: 'CYAN', r: 34, g: 211, b: 238 },
  { name: 'AMBER', r: 255, g: 176, b: 32 },
  { name: 'MAGENTA', r: 255, g: 62, b: 127 },
  { name: 'VIOLET', r: 178, g: 107, b: 255 },
  { name: 'BLUE', r: 61, g: 169, b: 255 },
  { name: 'RED', r: 255, g: 0, b: 0 },
  { name: 'YELLOW', r: 255, g: 240, b: 0 },
  { name: 'WHITE', r: 255, g: 255, b: 255 },
  { name: 'GREY', r: 128, g: 128, b: 128 },
  { name: 'BLACK', r: 0, g: 0, b: 0 },
  { name: 'BROWN', r: 140, g: 80, b: 30 },
];

function ColorPresets({ color, onPick }: { color: Rgb; onPick(c: Rgb): void }) {
  return (
    <div className="bb-kernel__presets" role="group" aria-label={k.presetsLabel}>
      {presets.map((p) => {
        const on = p.r === color.r && p.g === color.g && p.b === color.b;
        return (
          <button
            key={p.name}
            type="button"
            className="bb-kernel__preset"
            style={{ background: `rgb(${p.r}, ${p.g}, ${p.b})` }}
            aria-label={p.name}
            aria-pressed={on}
            title={p.name}
            onClick={() => onPick({ r: p.r, g: p.g, b: p.b })}
          />
        );
      })}
    </div>
  );
}

/** spec §2 colour picker: red, green and blue sliders 0–255 with a live swatch; arrows move a slider by 1, Page keys by 10. */
export function ColorPickerDialog({
  open,
  initial,
  busy,
  onSave,
  onCancel,
  returnFocus,
}: {
  open: boolean;
  initial: Rgb;
  busy: boolean;
  onSave(color: Rgb): void;
  onCancel(): void;
  returnFocus(): HTMLElement | null;
}) {
  const [color, setColor] = useState<Rgb>(initial);
  return (
    <Modal
      open={open}
      onOpenChange={(o) => (o ? undefined : onCancel())}
      title={k.colorTitle}
      description={k.colorHint}
      returnFocus={returnFocus}
    >
      <form
        className="bb-kernel__picker"
        onSubmit={(e) => {
          e.preventDefault();
          onSave(color);
        }}
      >
        <ColorPresets color={color} onPick={setColor} />
        <div
          className="bb-kernel__picker-swatch"
          style={{ background: `rgb(${color.r}, ${color.g}, ${color.b})` }}
          data-testid="kernel-swatch"
          aria-hidden="true"
        />
        {channels.map(([key, label]) => (
          <label key={key} className="bb-kernel__slider">
            <span>{label}</span>
            <input
              type="range"
              min={0}
              max={255}
              step={1}
              value={color[key]}
              onChange={(e) => setColor({ ...color, [key]: Number(e.target.value) })}
            />
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
