import './auth-screen.css';
import { texts } from '../../lib/first-load-texts';

/** Shown while the first auth user call is answered. */
export function BootScreen() {
  return (
    <div className="bb-auth bb-boot" aria-busy="true">
      <h1 className="bb-auth__title">
        BIT<span className="bb-auth__title-accent">BREACH</span>
      </h1>
      <p className="bb-boot__text" role="status">
        {texts.auth.booting}
      </p>
    </div>
  );
}
