import type { ReactNode } from 'react';
import { errorText } from '../../lib/api-error';
import { CommandButton } from '../../ui/button';

/** A tab's body: LOADING... while the items come, the error with RETRY when they did not, else the list. */
export function InventoryTabContent({
  loading,
  failed,
  error,
  onRetry,
  children,
}: {
  loading: boolean;
  failed: boolean;
  error: unknown;
  onRetry(): void;
  children: ReactNode;
}) {
  if (loading) {
    return (
      <p className="bb-inv__state" role="status">
        LOADING...
      </p>
    );
  }
  if (failed) {
    return (
      <div className="bb-inv__state" role="alert">
        <p>{errorText(error)}</p>
        <CommandButton size="small" onClick={onRetry}>
          RETRY
        </CommandButton>
      </div>
    );
  }
  return <>{children}</>;
}
