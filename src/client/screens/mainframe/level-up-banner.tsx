import './level-up-banner.css';
import { texts } from '../../../core/texts';

/** spec §4: a LEVEL UP banner for 2 seconds; the parent mounts it and takes it away. */
export function LevelUpBanner({ level }: { level: number }) {
  return (
    <div className="bb-levelup" data-testid="level-up-banner" role="status">
      <p className="bb-levelup__title">{texts.mainframe.levelUpTitle}</p>
      <p className="bb-levelup__level">
        ACCESS LEVEL <strong>{level}</strong>
      </p>
    </div>
  );
}
