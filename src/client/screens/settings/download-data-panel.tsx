import { useState } from 'react';
import { AccountExport, accountPaths, exportFileName } from '../../../core/api/account';
import { texts } from '../../../core/texts';
import { useApi } from '../../lib/api-context';
import { errorText } from '../../lib/api-error';
import { useSession } from '../../session/session-context';
import { CommandButton } from '../../ui/button';
import { ActionOutcome } from './action-outcome';
import { Panel } from '../../ui/panel';

type Outcome = { kind: 'idle' } | { kind: 'sending' } | { kind: 'refused'; message: string } | { kind: 'done' };

/** Hands a fetched JSON text to the browser as a file download. */
function saveJson(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  // Revoked on the next task: the click has handed the blob to the download by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** DOWNLOAD MY DATA (ADR 057): the export fetched through the api client (its errors shown), saved as a file. */
export function DownloadDataPanel() {
  const api = useApi();
  const { user } = useSession();
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' });

  async function download() {
    setOutcome({ kind: 'sending' });
    try {
      const data = await api.get(accountPaths.export, AccountExport);
      saveJson(JSON.stringify(data, null, 2), exportFileName(user?.username ?? 'player', new Date()));
      setOutcome({ kind: 'done' });
    } catch (error) {
      setOutcome({ kind: 'refused', message: errorText(error) });
    }
  }

  return (
    <Panel title={texts.settings.downloadData} className="bb-settings__panel">
      <div className="bb-settings__form">
        <p className="bb-settings__hint">{texts.settings.downloadDataHint}</p>
        <ActionOutcome
          refused={outcome.kind === 'refused' ? outcome.message : null}
          done={outcome.kind === 'done' ? texts.settings.downloaded : null}
        />
        <CommandButton type="button" bracket disabled={outcome.kind === 'sending'} onClick={() => void download()}>
          {outcome.kind === 'sending' ? texts.settings.downloading : texts.settings.downloadDataButton}
        </CommandButton>
      </div>
    </Panel>
  );
}
