import { OfflinePanel } from '../../ui/offline-panel';
import { ScreenHeader } from '../../ui/screen-header';
import { offlineScreens, type OfflineScreenKey } from './offline-screens';
import './offline-screen.css';

/** A screen from the route table that is not built yet: its title and an honest OFFLINE panel. */
export function OfflineScreen({ screen }: { screen: OfflineScreenKey }) {
  const { title, summary } = offlineScreens[screen];
  return (
    <div className="bb-offline-screen">
      <ScreenHeader title={title} tagline="module not yet deployed" />
      <OfflinePanel title={title} message={summary} />
    </div>
  );
}
