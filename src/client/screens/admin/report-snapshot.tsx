import type { ReportSnapshot as Snapshot } from '../../../core/api/safety';
import { reportQueueTexts } from '../../../core/texts/console-reports';
import { shortTime } from './report-time';

const t = reportQueueTexts.snapshot;

/** The reported content as it was when first reported: never today's row, which may be edited or gone. */
export function ReportSnapshot({ snapshot }: { snapshot: Snapshot }) {
  switch (snapshot.kind) {
    case 'chat':
      return (
        <figure className="bb-queue__snapshot">
          <figcaption className="bb-muted">{t.said(snapshot.author, shortTime(snapshot.sentAt))}</figcaption>
          <blockquote className="bb-queue__quote">{snapshot.text}</blockquote>
        </figure>
      );
    case 'ping':
      return (
        <figure className="bb-queue__snapshot">
          <figcaption className="bb-muted">
            {t.pinged(snapshot.sender, snapshot.receiver, shortTime(snapshot.sentAt))}
          </figcaption>
          <blockquote className="bb-queue__quote">{snapshot.text}</blockquote>
        </figure>
      );
    case 'user':
      return (
        <p className="bb-queue__snapshot">
          <span className="bb-muted">{t.username} </span>
          <span className="bb-queue__quote">{snapshot.username}</span>
        </p>
      );
    case 'region':
      return (
        <div className="bb-queue__snapshot">
          <p>
            {t.region(snapshot.x0, snapshot.y0, snapshot.x1, snapshot.y1)}{' '}
            <span className="bb-muted">· {t.ownedBits(snapshot.ownedBits)}</span>
          </p>
          <ul className="bb-queue__owners">
            {snapshot.owners.map((o) => (
              <li key={o.userId}>{t.owner(o.username, o.bits)}</li>
            ))}
          </ul>
        </div>
      );
  }
}
