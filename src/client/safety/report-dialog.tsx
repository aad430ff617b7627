import { useId, useState, type FormEvent } from 'react';
import type { ReportTarget } from '../../core/api/safety';
import { balance } from '../../core/balance';
import { reportReasons, type ReportReason } from '../../core/safety';
import { texts } from '../../core/texts';
import { errorText } from '../lib/api-error';
import { CommandButton } from '../ui/button';
import { Modal } from '../ui/modal';
import { useToast } from '../ui/toast';
import { useReport } from './use-ignores';
import './safety.css';

export interface ReportDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  target: ReportTarget;
  /** What is reported, as the player reads it ("chat line by neo"). */
  what: string;
}

/**
 * REPORT: a reason from the short list and an optional note (ADR 056). Radix gives the focus trap and
 * Escape, and puts focus back on the control that opened it when it closes. The answer is always thanks.
 */
export function ReportDialog({ open, onOpenChange, target, what }: ReportDialogProps) {
  const s = texts.safety;
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [note, setNote] = useState('');
  const report = useReport();
  const toast = useToast();
  const noteId = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!reason) return;
    const trimmed = note.trim();
    try {
      const receipt = await report.mutateAsync({ target, reason, ...(trimmed ? { note: trimmed } : {}) });
      onOpenChange(false);
      setReason(null);
      setNote('');
      toast.show({ title: s.reportTitle, description: receipt.message, tone: 'success' });
    } catch {
      // The error shows in the dialog (role=alert) and the player may try again.
    }
  }

  return (
    <Modal open={open} onOpenChange={onOpenChange} title={s.reportTitle} tone="danger" description={what}>
      <form className="bb-report" onSubmit={submit} noValidate>
        <fieldset className="bb-report__reasons">
          <legend className="bb-report__legend">{s.reasonLegend}</legend>
          {reportReasons.map((r, i) => (
            <label key={r} className="bb-report__reason">
              <input
                type="radio"
                name="reason"
                value={r}
                checked={reason === r}
                onChange={() => setReason(r)}
                autoFocus={i === 0}
              />
              <span>{s.reasons[r]}</span>
            </label>
          ))}
        </fieldset>
        <label className="bb-report__note-label" htmlFor={noteId}>
          {s.noteLabel}
        </label>
        <textarea
          id={noteId}
          className="bb-report__note"
          value={note}
          maxLength={balance.reportNoteMax}
          rows={3}
          onChange={(e) => setNote(e.target.value)}
        />
        <div role="alert">{report.isError ? <p className="bb-report__error">{errorText(report.error)}</p> : null}</div>
        <div className="bb-report__actions">
          <CommandButton variant="ghost" onClick={() => onOpenChange(false)}>
            {s.cancel}
          </CommandButton>
          <CommandButton type="submit" variant="danger" bracket disabled={!reason || report.isPending}>
            {report.isPending ? s.sending : s.send}
          </CommandButton>
        </div>
      </form>
    </Modal>
  );
}
