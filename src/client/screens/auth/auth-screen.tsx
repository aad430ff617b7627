import { useEffect, useRef, useState } from 'react';
import { texts } from '../../lib/first-load-texts';
import { Panel } from '../../ui/panel';
import { Tabs, type TabItem } from '../../ui/tabs';
import type { SessionStart } from '../../session/session-start';
import type { AuthMode } from './auth-model';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';
import './auth-screen.css';

const modes: readonly TabItem<AuthMode>[] = [
  { key: 'login', label: texts.auth.loginTab, panelId: 'auth-panel' },
  { key: 'register', label: texts.auth.registerTab, panelId: 'auth-panel' },
];

/**
 * The login / registration screen shown in place of any route while signed out (spec §2). It is
 * part of the first load (ADR 040): `onSignedIn` hands the player to whoever shows it (the boot
 * before the game is loaded, the session afterwards).
 */
export function AuthScreen({ onSignedIn }: { onSignedIn: (start: SessionStart) => void }) {
  const [mode, setMode] = useState<AuthMode>('login');
  const panel = useRef<HTMLDivElement>(null);
  // ui.md: a screen whose main act is typing focuses its input on arrival (LOGIN_ID). Only on arrival:
  // switching LOGIN/REGISTER with the arrow keys keeps focus on the tabs.
  useEffect(() => {
    panel.current?.querySelector<HTMLInputElement>('input')?.focus();
  }, []);
  return (
    <div className="bb-auth">
      <div className="bb-auth__hero">
        <p className="bb-auth__kicker" aria-hidden="true">
          {texts.auth.kicker}
        </p>
        <h1 className="bb-auth__title" tabIndex={-1}>
          BIT<span className="bb-auth__title-accent">BREACH</span>
        </h1>
        <p className="bb-auth__tagline">{texts.auth.tagline}</p>
      </div>
      <Panel
        title={mode === 'login' ? texts.auth.loginPanel : texts.auth.registerPanel}
        tone="accent"
        className="bb-auth__panel"
      >
        <Tabs<AuthMode> label={texts.auth.modeTabs} items={modes} selected={mode} onSelect={setMode} idPrefix="auth" />
        <div
          id="auth-panel"
          role="tabpanel"
          aria-labelledby={`auth-tab-${mode}`}
          className="bb-auth__tabpanel"
          ref={panel}
        >
          {/* Switching mode remounts the form, which clears every field (spec §2). */}
          {mode === 'login' ? (
            <LoginForm key="login" onSignedIn={onSignedIn} />
          ) : (
            <RegisterForm key="register" onSignedIn={onSignedIn} />
          )}
        </div>
      </Panel>
    </div>
  );
}
