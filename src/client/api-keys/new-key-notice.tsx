import { useEffect, useRef, useState } from 'react';
import { texts } from '../../core/texts';
import { CommandButton } from '../ui/button';

const t = texts.apiKeys;

/** The new key, shown this once: selectable, with COPY; DONE forgets it. Focus lands on COPY. */
export function NewKeyNotice({ apiKey, onDone }: { apiKey: string; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const copyRef = useRef<HTMLButtonElement>(null);
  useEffect(() => copyRef.current?.focus(), []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(apiKey);
      setCopied(true);
    } catch {
      // No clipboard (an insecure page, a refused permission): the key stays selectable to copy by hand.
      setCopied(false);
    }
  }

  return (
    <div className="bb-api-keys__new" role="region" aria-label={t.shownOnce}>
      <p className="bb-api-keys__warn">{t.shownOnce}</p>
      <code className="bb-api-keys__secret" data-testid="new-api-key">
        {apiKey}
      </code>
      <div className="bb-api-keys__new-actions">
        <CommandButton ref={copyRef} size="small" variant="primary" onClick={() => void copy()}>
          {copied ? t.copied : t.copy}
        </CommandButton>
        <CommandButton size="small" onClick={onDone}>
          {t.done}
        </CommandButton>
        <span role="status" className="bb-visually-hidden">
          {copied ? t.copied : ''}
        </span>
      </div>
    </div>
  );
}
