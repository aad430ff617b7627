import { useId, useState } from 'react';
import { clientTexts } from '../../client-texts';
import { CommandButton } from '../../ui/button';
import { Panel } from '../../ui/panel';
import './mission-panel.css';

/** The beginner missions' place (spec §2): the MISSION/HIDE toggle works; the missions come later. */
export function MissionPanel() {
  const [open, setOpen] = useState(true);
  const bodyId = useId();
  return (
    <Panel
      title="MISSIONS"
      tone="telnet"
      className="bb-missions"
      actions={
        <CommandButton size="small" aria-expanded={open} aria-controls={bodyId} onClick={() => setOpen((o) => !o)}>
          {open ? 'HIDE' : 'MISSION'}
        </CommandButton>
      }
    >
      <div id={bodyId} hidden={!open}>
        <p className="bb-missions__title">BRIEFING ENCRYPTED</p>
        <p className="bb-missions__text">{clientTexts.missionsSoon}</p>
      </div>
      {open ? null : <p className="bb-missions__collapsed">Missions hidden.</p>}
    </Panel>
  );
}
