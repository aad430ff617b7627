import { balance } from '../../core/balance';
import { CommandButton } from '../ui/button';
import { Modal } from '../ui/modal';
import './mission-accomplished-dialog.css';

/** spec §2: every mission finished — MISSION ACCOMPLISHED, the reward, and CONTINUE HACKING. */
export function MissionAccomplishedDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      title="MISSION ACCOMPLISHED"
      tone="telnet"
      description="Every briefing cleared. The network knows your handle now, operator."
      actions={
        <CommandButton variant="primary" bracket onClick={onClose}>
          CONTINUE HACKING
        </CommandButton>
      }
    >
      <p className="bb-accomplished__reward">
        <span className="bb-accomplished__label">REWARD</span>
        <span className="bb-telnet bb-accomplished__amount">{balance.missionRewardTelnet} TELNET</span>
      </p>
    </Modal>
  );
}
