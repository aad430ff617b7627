import { texts } from '../../../core/texts';
import { ComingSoonPanel } from '../../ui/coming-soon-panel';
import { ScreenHeader } from '../../ui/screen-header';
import { offlineScreens, type OfflineScreenKey } from './offline-screens';
import './offline-screen.css';

/** A screen from the route table that is not built yet: its title, what it will do, and the way back. */
export function OfflineScreen({ screen }: { screen: OfflineScreenKey }) {
  const { title, summary } = offlineScreens[screen];
  return (
    <div className="bb-offline-screen">
      <ScreenHeader title={title} tagline={texts.comingSoonTagline} />
      <ComingSoonPanel title={title} message={summary} />
    </div>
  );
}
