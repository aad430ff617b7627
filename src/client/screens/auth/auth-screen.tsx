import { useState } from 'react';
import { Panel } from '../../ui/panel';
import { Tabs, type TabItem } from '../../ui/tabs';
import type { AuthMode } from './auth-model';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';
import './auth-screen.css';

const modes: readonly TabItem<AuthMode>[] = [
  { key: 'login', label: 'LOGIN', panelId: 'auth-panel' },
  { key: 'register', label: 'REGISTER', panelId: 'auth-panel' },
];

/** The login / registration screen shown in place of any route while signed out (spec §2). */
export function AuthScreen() {
  const [mode, setMode] = useState<AuthMode>('login');
  return (
    <div className="bb-auth">
      <div className="bb-auth__hero">
        <p className="bb-auth__kicker" aria-hidden="true">
          01001 // NEON CITY NODE 7 // 10110
        </p>
        <h1 className="bb-auth__title" tabIndex={-1}>
          BIT<span className="bb-auth__title-accent">BREACH</span>
        </h1>
        <p className="bb-auth__tagline">Decode the mainframe. Loot the grid. Breach other operators.</p>
      </div>
      <Panel title={mode === 'login' ? 'UPLINK // AUTHENTICATE' : 'UPLINK // NEW OPERATOR'} tone="accent" className="bb-auth__panel">
        <Tabs<AuthMode> label="Access mode" items={modes} selected={mode} onSelect={setMode} idPrefix="auth" />
        <div id="auth-panel" role="tabpanel" aria-labelledby={`auth-tab-${mode}`} className="bb-auth__tabpanel">
          {/* Switching mode remounts the form, which clears every field (spec §2). */}
          {mode === 'login' ? <LoginForm key="login" /> : <RegisterForm key="register" />}
        </div>
      </Panel>
    </div>
  );
}
