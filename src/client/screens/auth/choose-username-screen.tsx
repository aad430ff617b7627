import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { accountPaths } from '../../../core/api/account';
import { User } from '../../../core/api/common';
import { useApi } from '../../lib/api-context';
import { errorText } from '../../lib/api-error';
import { texts } from '../../lib/first-load-texts';
import { userQueryKey } from '../../session/session-context';
import { Panel } from '../../ui/panel';
import { TextField } from '../../ui/text-field';
import { checkField } from './auth-model';
import { AuthForm } from './auth-form';
import './auth-screen.css';

/**
 * CHOOSE A NEW USERNAME (ADR 060): shown in place of every screen while a moderator's rename waits for
 * the player's new name. The registration's username rule is checked here as it is on the server; the
 * server's answer becomes the signed-in player, which lifts this screen.
 */
export default function ChooseUsernameScreen({ currentName }: { currentName: string }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [username, setUsername] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const check = checkField('username', username);
  const save = useMutation({
    mutationFn: (name: string) => api.post(accountPaths.username, { username: name }, User),
    onSuccess: (user) => queryClient.setQueryData(userQueryKey, user),
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    if (check || save.isPending) return;
    save.mutate(username);
  }

  return (
    <div className="bb-auth">
      <Panel title={texts.renameTitle} tone="accent" className="bb-auth__panel">
        <p className="bb-auth__tagline">{texts.renameBody}</p>
        <p className="bb-auth__tagline">
          {texts.renameCurrent} <strong>{currentName}</strong>
        </p>
        <AuthForm
          onSubmit={submit}
          problem={save.isError ? errorText(save.error) : null}
          pending={save.isPending}
          submitLabel={texts.renameSubmit}
          pendingLabel={texts.renameSaving}
        >
          <TextField
            label={texts.renameLabel}
            name="username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            autoFocus
            hint={texts.hintUsername}
            value={username}
            onChange={(e) => setUsername(e.target.value)}
            error={check && (submitted || !check.unfinished) ? check.text : null}
          />
        </AuthForm>
      </Panel>
    </div>
  );
}
