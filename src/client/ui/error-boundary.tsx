import { Component, type ErrorInfo, type ReactNode } from 'react';
import { CommandButton } from './button';
import './error-boundary.css';
import { texts } from '../../core/texts';

interface State {
  failed: boolean;
}

/** A render error shows a reload screen instead of a blank page. */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Bitbreach client fault', error, info.componentStack);
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="bb-fault" role="alert">
        <h1 className="bb-fault__title">{texts.shell.faultTitle}</h1>
        <p className="bb-fault__body">{texts.shell.faultBody}</p>
        <CommandButton variant="primary" bracket onClick={() => window.location.reload()}>
          {texts.shell.faultReboot}
        </CommandButton>
      </div>
    );
  }
}
