/**
 * What a settings action came to: a refusal announced as an alert, a success as a status. Both live
 * regions are always in the page, so screen readers announce the text when it appears.
 */
export function ActionOutcome({ refused, done }: { refused: string | null; done: string | null }) {
  return (
    <div className="bb-settings__outcome">
      <div role="alert">
        {refused ? (
          <p className="bb-settings__message bb-settings__message--refused">
            <span aria-hidden="true">! </span>
            {refused}
          </p>
        ) : null}
      </div>
      <div role="status">{done ? <p className="bb-settings__message bb-settings__message--done">{done}</p> : null}</div>
    </div>
  );
}
