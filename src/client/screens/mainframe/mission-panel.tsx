import { useEffect, useId, useRef, useState } from 'react';
import { balance } from '../../../core/balance';
import type { Mission } from '../../../core/api/missions';
import { missionPanelView, shouldCompleteDecodeMission } from '../../missions/mission-model';
import { useCompleteMission, useMissionStatus } from '../../missions/use-missions';
import { CommandButton } from '../../ui/button';
import { Panel } from '../../ui/panel';
import { ProgressBar } from '../../ui/progress-bar';
import './mission-panel.css';
import { WhatNextPanel } from './what-next-panel';
import { texts } from '../../../core/texts';

/**
 * The beginner missions (spec §2): the MISSION/HIDE toggle, the current mission with collapsible
 * instructions, progress, 'n/total' and the reward. Once every mission is done it says what to do
 * next instead of hiding (ADR 063; the MISSION ACCOMPLISHED dialog is the shell's). `serverDecodes` is the server's count, which earns
 * clear_binary_row.
 */
export function MissionPanel({ serverDecodes }: { serverDecodes: number }) {
  const [open, setOpen] = useState(true);
  const bodyId = useId();
  const status = useMissionStatus();
  useDecodeMission(status.data, serverDecodes);

  if (status.data?.allMissionsCompleted) return <WhatNextPanel />;
  if (status.data && !missionPanelView(status.data).visible) return null;
  return (
    <Panel
      title={texts.missions.title}
      tone="telnet"
      className="bb-missions"
      data-testid="mission-panel"
      actions={
        <CommandButton size="small" aria-expanded={open} aria-controls={bodyId} onClick={() => setOpen((o) => !o)}>
          {open ? texts.missions.hide : texts.missions.show}
        </CommandButton>
      }
    >
      <div id={bodyId} hidden={!open}>
        {status.data ? (
          <MissionBody {...missionPanelView(status.data)} />
        ) : (
          <p className="bb-missions__text bb-muted">
            {status.isError ? texts.missions.unreachable : texts.missions.loading}
          </p>
        )}
      </div>
      {open ? null : <p className="bb-missions__collapsed">{texts.missions.hidden}</p>}
    </Panel>
  );
}

function MissionBody({
  current,
  done,
  total,
  countLabel,
}: {
  current: Mission | null;
  done: number;
  total: number;
  countLabel: string;
}) {
  const [showSteps, setShowSteps] = useState(false);
  const stepsId = useId();
  return (
    <div className="bb-missions__body">
      <ProgressBar label={texts.missions.title} value={done} max={total} valueText={countLabel} tone="telnet" />
      {current ? (
        <>
          <p className="bb-missions__kicker">{texts.missions.current}</p>
          <h3 className="bb-missions__title" data-testid="mission-title">
            {current.title}
          </h3>
          <p className="bb-missions__text">{current.description}</p>
          <button
            type="button"
            className="bb-missions__steps-toggle"
            aria-expanded={showSteps}
            aria-controls={stepsId}
            onClick={() => setShowSteps((s) => !s)}
          >
            <span aria-hidden="true">{showSteps ? '▾' : '▸'}</span> {texts.missions.instructions}
          </button>
          <ol id={stepsId} className="bb-missions__steps" hidden={!showSteps}>
            {current.instructions.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        </>
      ) : null}
      <p className="bb-missions__reward">
        <span className="bb-missions__reward-label">{texts.missions.reward}</span>
        <span className="bb-telnet">{texts.missions.rewardTelnet(balance.missionRewardTelnet)}</span>
      </p>
    </div>
  );
}

/** clear_binary_row: asked for once the server counts a decode (spec §4; the server decides). */
function useDecodeMission(status: Parameters<typeof shouldCompleteDecodeMission>[0], serverDecodes: number): void {
  const complete = useCompleteMission();
  const asked = useRef(false);
  useEffect(() => {
    if (!shouldCompleteDecodeMission(status, serverDecodes, asked.current)) return;
    asked.current = true;
    complete('clear_binary_row');
  }, [status, serverDecodes, complete]);
}
