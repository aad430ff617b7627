import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { seasonImagePath, type SeasonSummary } from '../../../../core/api/kernel';
import { fillText, texts } from '../../../../core/texts';
import { routePaths } from '../../../route-paths';
import { CommandButton } from '../../../ui/button';
import { focusScreenHeading } from '../../../ui/focus-heading';
import { Panel } from '../../../ui/panel';
import { ScreenHeader } from '../../../ui/screen-header';
import { useSeasons } from '../use-season';
import './kernel-archive.css';
import { formatTelnet } from '../../../lib/format-telnet';

const k = texts.kernel;
const day = (iso: string) => iso.slice(0, 10);

function SeasonCard({ season }: { season: SeasonSummary }) {
  return (
    <Panel
      title={fillText(k.archiveSeason, { n: season.season })}
      className="bb-archive__season"
      data-testid="archive-season"
    >
      <div className="bb-archive__body">
        <a href={seasonImagePath(season.season)} className="bb-archive__image-link">
          <img
            className="bb-archive__image"
            src={seasonImagePath(season.season)}
            alt={fillText(k.archiveImageAlt, { n: season.season })}
            width={800}
            height={800}
            loading="lazy"
          />
        </a>
        <div className="bb-archive__facts">
          <p>{fillText(k.archiveDates, { from: day(season.startedAt), to: day(season.endedAt) })}</p>
          <p className="bb-muted">
            {fillText(k.archiveSold, {
              bits: season.bitsSold.toLocaleString('en-US'),
              telnet: formatTelnet(season.telnetBurned),
            })}
          </p>
          <h3 className="bb-archive__painters-title">{k.archiveTopPainters}</h3>
          <ol className="bb-archive__painters">
            {season.topPainters.map((p) => (
              <li key={p.userId}>
                <span>{p.username}</span>{' '}
                <span className="bb-muted">
                  {fillText(k.archivePainterBits, { n: p.bits.toLocaleString('en-US') })}
                </span>
              </li>
            ))}
          </ol>
        </div>
      </div>
    </Panel>
  );
}

/** The Kernel's archive (ADR 053): each ended season's final canvas, dates, numbers and top painters. */
export function KernelArchiveScreen() {
  const [page, setPage] = useState(1);
  const seasons = useSeasons(page);
  useEffect(() => {
    if (!document.querySelector('#main')?.contains(document.activeElement)) focusScreenHeading();
  }, []);
  const data = seasons.data;
  return (
    <div className="bb-archive">
      <ScreenHeader title={k.archiveTitle} tagline={k.archiveTagline}>
        <Link to={routePaths.kernel} className="bb-btn bb-btn--link bb-btn--small">
          <span className="bb-btn__label">{k.archiveBack}</span>
        </Link>
      </ScreenHeader>
      {seasons.isPending ? (
        <p role="status">{k.archiveLoading}</p>
      ) : seasons.isError || !data ? (
        <p role="alert">{k.archiveFailed}</p>
      ) : data.seasons.length === 0 ? (
        <p className="bb-muted">{k.archiveEmpty}</p>
      ) : (
        <>
          <div className="bb-archive__list">
            {data.seasons.map((s) => (
              <SeasonCard key={s.season} season={s} />
            ))}
          </div>
          {data.pages > 1 ? (
            <nav
              className="bb-archive__pages"
              aria-label={fillText(k.archivePage, { page: data.page, pages: data.pages })}
            >
              <CommandButton size="small" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
                {k.archiveNewer}
              </CommandButton>
              <span>{fillText(k.archivePage, { page: data.page, pages: data.pages })}</span>
              <CommandButton size="small" disabled={page >= data.pages} onClick={() => setPage((p) => p + 1)}>
                {k.archiveOlder}
              </CommandButton>
            </nav>
          ) : null}
        </>
      )}
    </div>
  );
}
