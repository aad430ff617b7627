import { PlainHomeLink, type HomeLink } from '../../shell/home-link';
import { texts } from '../../lib/first-load-texts';
import './not-found-screen.css';

/** Any path outside the route table (spec §2); shown signed out too, before the game loads. */
export function NotFoundScreen({ HomeLink = PlainHomeLink }: { HomeLink?: HomeLink }) {
  return (
    <div className="bb-notfound">
      <p className="bb-notfound__code" aria-hidden="true">
        404
      </p>
      <h1 className="bb-notfound__title">{texts.notFoundTitle}</h1>
      <p className="bb-notfound__body">{texts.notFoundBody}</p>
      <HomeLink className="bb-notfound__link">{texts.shell.returnToMainframe}</HomeLink>
    </div>
  );
}
