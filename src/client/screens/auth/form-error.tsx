/** A form's error line, announced when it appears. */
export function FormError({ message }: { message: string | null }) {
  return (
    <div className="bb-auth__error-slot" role="alert">
      {message ? (
        <p className="bb-auth__error">
          <span aria-hidden="true">! </span>
          {message}
        </p>
      ) : null}
    </div>
  );
}
