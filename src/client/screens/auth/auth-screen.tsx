import { useState } from 'react';
import { texts } from '../../../core/texts';
import { Panel } from '../../ui/panel';
import { Tabs, type TabItem } from '../../ui/tabs';
import type { AuthMode } from './auth-model';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';
import './auth-screen.css';

const modes: readonly TabItem<AuthMode>[] = [
  { key: 'login', label: texts.auth.loginTab, panelId: 'auth-panel' },
  { key: 'register', label: texts.auth.registerTab, panelId: 'auth-panel' },
];

/** The login / registration screen shown in place of any route while signed out (spec §2). */
export function AuthScreen() {
  const [mode, setMode] = useState<AuthMode>('login');
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
      <Panel title={mode === 'login' ? texts.auth.loginPanel : texts.auth.registerPanel} tone="accent" className="bb-auth__panel">
        <Tabs<AuthMode> label={texts.auth.modeTabs} items={modes} selected={mode} onSelect={setMode} idPrefix="auth" />
        <div id="auth-panel" role="tabpanel" aria-labelledby={`auth-tab-${mode}`} className="bb-auth__tabpanel">
          {/* Switching mode remounts the form, which clears every field (spec §2). */}
          {mode === 'login' ? <LoginForm key="login" /> : <RegisterForm key="register" />}
        </div>
      </Panel>
    </div>
  );
}
