import { Link } from 'react-router';
import { texts } from '../../../core/texts';
import { routePaths } from '../../route-paths';
import { Panel } from '../../ui/panel';

/**
 * Where the mission panel stood once every briefing is done (ADR 063): instead of vanishing, it points
 * at the game's long runs — the Kernel, the Terminal and the boss.
 */
export function WhatNextPanel() {
  return (
    <Panel title={texts.missions.nextTitle} tone="telnet" className="bb-missions" data-testid="what-next-panel">
      <div className="bb-missions__body">
        <p className="bb-missions__text">{texts.missions.nextIntro}</p>
        <ul className="bb-missions__next">
          {texts.missions.nextSteps.map((step) => (
            <li key={step.to}>
              <Link className="bb-missions__next-link" to={routePaths[step.to]}>
                {step.label}
              </Link>{' '}
              <span className="bb-missions__text">{step.text}</span>
            </li>
          ))}
        </ul>
      </div>
    </Panel>
  );
}
