import { Link } from 'react-router';
import { texts } from '../../../core/texts';
import './not-found-screen.css';

/** Any path outside the route table (spec §2). */
export function NotFoundScreen() {
  return (
    <div className="bb-notfound">
      <p className="bb-notfound__code" aria-hidden="true">
        404
      </p>
      <h1 className="bb-notfound__title">{texts.notFoundTitle}</h1>
      <p className="bb-notfound__body">{texts.notFoundBody}</p>
      <Link className="bb-notfound__link" to="/">
        {texts.shell.returnToMainframe}
      </Link>
    </div>
  );
}
