import { balance } from '../../core/balance';
import { CommandButton } from '../ui/button';
import { Modal } from '../ui/modal';
import './mission-accomplished-dialog.css';
import { texts } from '../../core/texts';

/** spec §2: every mission finished — MISSION ACCOMPLISHED, the reward, and CONTINUE HACKING. */
export function MissionAccomplishedDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      title={texts.missions.accomplishedTitle}
      tone="telnet"
      description={texts.missions.accomplishedBody}
      actions={
        <CommandButton variant="primary" bracket onClick={onClose}>
          {texts.missions.continueHacking}
        </CommandButton>
      }
    >
      <p className="bb-accomplished__reward">
        <span className="bb-accomplished__label">{texts.missions.reward}</span>
        <span className="bb-telnet bb-accomplished__amount">
          {texts.missions.rewardTelnet(balance.missionRewardTelnet)}
        </span>
      </p>
    </Modal>
  );
}
