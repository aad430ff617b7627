import { texts } from '../../../core/texts';
import { ApiKeysPanel } from '../../api-keys/api-keys-panel';
import { ScreenHeader } from '../../ui/screen-header';
import { ChangePasswordForm } from './change-password-form';
import { IgnoredPlayersSection } from './ignored-players-section';
import { DeleteAccountPanel } from './delete-account-panel';
import { DownloadDataPanel } from './download-data-panel';
import './settings-screen.css';

/** SYSTEM → SETTINGS: the player's own account. */
export function SettingsScreen() {
  return (
    <div className="bb-settings">
      <ScreenHeader title={texts.settings.title} tagline={texts.settings.tagline} />
      <ChangePasswordForm />
      <IgnoredPlayersSection />
      <ApiKeysPanel />
      <DownloadDataPanel />
      <DeleteAccountPanel />
    </div>
  );
}
