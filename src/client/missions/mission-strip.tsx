import { Link, useLocation } from 'react-router';
import { texts } from '../../core/texts';
import { routePaths } from '../route-paths';
import { missionPanelView, missionScreen } from './mission-model';
import { useMissionStatus } from './use-missions';
import './mission-strip.css';

/**
 * The current briefing under the header on every screen (ADR 063), so a player doing it elsewhere than
 * the Mainframe still sees it — above the fold on a phone. GO leads to the screen it is played on.
 * On a wide Mainframe the mission panel shows the same briefing, so the strip steps aside there.
 */
export function MissionStrip() {
  const status = useMissionStatus().data;
  const { pathname } = useLocation();
  if (!status) return null;
  const view = missionPanelView(status);
  if (!view.visible || !view.current) return null;
  const target = routePaths[missionScreen(view.current.id)];
  const here = pathname === target;
  return (
    <aside
      className={`bb-mission-strip${pathname === routePaths.mainframe ? ' bb-mission-strip--mainframe' : ''}`}
      aria-label={texts.missions.stripLabel}
      data-testid="mission-strip"
    >
      <span className="bb-mission-strip__kicker">{texts.missions.stripKicker(view.done, view.total)}</span>
      <span className="bb-mission-strip__title">{view.current.title}</span>
      <span className="bb-mission-strip__text">{view.current.description}</span>
      {here ? null : (
        <Link
          className="bb-mission-strip__go"
          to={target}
          aria-label={`${texts.missions.stripGo}: ${view.current.title}`}
        >
          {texts.missions.stripGo} <span aria-hidden="true">→</span>
        </Link>
      )}
    </aside>
  );
}
