import { useRef, useState, type FormEvent } from 'react';
import { apiKeyLimits, apiKeyScopes, type ApiKeyScope, type ApiKeySummary } from '../../core/api/api-keys';
import { fillText, texts } from '../../core/texts';
import { errorText } from '../lib/api-error';
import { CommandButton } from '../ui/button';
import { Panel } from '../ui/panel';
import { TextField } from '../ui/text-field';
import { NewKeyNotice } from './new-key-notice';
import { useApiKeyActions, useApiKeyList } from './use-api-keys';
import './api-keys.css';

const t = texts.apiKeys;
const minute = (iso: string) => iso.slice(0, 16).replace('T', ' ');

/** SETTINGS → API KEYS (ADR 075): name and scopes → CREATE KEY, the key shown once, REVOKE per row. */
export function ApiKeysPanel() {
  const list = useApiKeyList();
  const { create, revoke } = useApiKeyActions();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ReadonlySet<ApiKeyScope>>(new Set(['profile', 'leaderboard', 'market']));
  const [shown, setShown] = useState<string | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const keys = list.data ?? [];
  const full = keys.length >= apiKeyLimits.perPlayer;

  function toggle(scope: ApiKeyScope) {
    setScopes((now) => {
      const next = new Set(now);
      if (!next.delete(scope)) next.add(scope);
      return next;
    });
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setRefused(null);
    create.mutate(
      { name: name.trim(), scopes: apiKeyScopes.filter((s) => scopes.has(s)) },
      {
        onSuccess: (created) => {
          setShown(created.key);
          setName('');
        },
        onError: (error) => {
          setRefused(errorText(error));
          nameRef.current?.focus();
        },
      },
    );
  }

  function onRevoke(key: ApiKeySummary) {
    setRefused(null);
    revoke.mutate(key.id, {
      onSuccess: () => listRef.current?.focus(),
      onError: (error) => setRefused(errorText(error)),
    });
  }

  return (
    <Panel title={t.title} className="bb-settings__panel">
      <p className="bb-settings__hint">{t.intro}</p>
      {shown ? (
        <NewKeyNotice
          apiKey={shown}
          onDone={() => {
            setShown(null);
            nameRef.current?.focus();
          }}
        />
      ) : null}
      <div ref={listRef} tabIndex={-1} className="bb-row-list" data-testid="api-keys">
        {list.data && keys.length === 0 ? <p className="bb-settings__hint">{t.none}</p> : null}
        {keys.length > 0 ? (
          <ul aria-label={t.title}>
            {keys.map((key) => (
              <li key={key.id} className="bb-row-list__row">
                <span className="bb-row-list__name">{key.name}</span>
                <code className="bb-api-keys__prefix">bbk_{key.prefix}…</code>
                <span className="bb-api-keys__meta">{key.scopes.map((s) => t.scopeNames[s]).join(', ')}</span>
                <span className="bb-api-keys__meta">
                  {t.created} {minute(key.createdAt)} · {t.lastUsed} {key.lastUsedAt ? minute(key.lastUsedAt) : t.never}
                </span>
                <CommandButton
                  size="small"
                  variant="danger"
                  aria-label={fillText(t.revokeNamed, { name: key.name })}
                  disabled={revoke.isPending}
                  onClick={() => onRevoke(key)}
                >
                  {t.revoke}
                </CommandButton>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <form className="bb-settings__form bb-api-keys__form" onSubmit={submit} noValidate>
        <TextField
          ref={nameRef}
          label={t.nameLabel}
          value={name}
          maxLength={apiKeyLimits.nameMax}
          autoComplete="off"
          onChange={(e) => setName(e.target.value)}
        />
        <fieldset className="bb-api-keys__scopes">
          <legend>{t.scopesLabel}</legend>
          {apiKeyScopes.map((scope) => (
            <label key={scope} className="bb-api-keys__scope">
              <input type="checkbox" checked={scopes.has(scope)} onChange={() => toggle(scope)} />
              {t.scopeNames[scope]}
            </label>
          ))}
        </fieldset>
        <div role="alert">
          {refused ? <p className="bb-settings__message bb-settings__message--refused">{refused}</p> : null}
        </div>
        <CommandButton
          type="submit"
          variant="primary"
          bracket
          disabled={create.isPending || full || name.trim() === '' || scopes.size === 0}
        >
          {create.isPending ? t.creating : t.create}
        </CommandButton>
        {full ? <p className="bb-settings__hint">{fillText(t.tooMany, { n: apiKeyLimits.perPlayer })}</p> : null}
      </form>
    </Panel>
  );
}
