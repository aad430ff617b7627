import { Link } from 'react-router';
import type { CurrentSeason, PlayerColor } from '../../../core/api/kernel';
import { seasonFullness } from '../../../core/rules/kernel-season';
import { fillText, texts } from '../../../core/texts';
import { kernelArchivePath } from '../../route-paths';
import { CommandButton } from '../../ui/button';
import { useValue, type ValueStore } from './value-store';
import { formatTelnet } from '../../lib/format-telnet';

const k = texts.kernel;

/** The season running now, how full it is, and the way to the archive (ADR 053). */
function SeasonStat({ season, claimedBits }: { season: CurrentSeason | undefined; claimedBits: number }) {
  const percent = season ? Math.floor(seasonFullness(claimedBits, season.totalBits) * 1000) / 10 : null;
  return (
    <div>
      <dt>{k.seasonLabel}</dt>
      <dd className="bb-kernel__season">
        <span data-testid="kernel-season">{season ? season.season : '…'}</span>
        {percent !== null ? (
          <span className="bb-muted" data-testid="kernel-season-full">
            {fillText(k.seasonFull, { n: percent })}
          </span>
        ) : null}
        <Link to={kernelArchivePath} className="bb-btn bb-btn--link bb-btn--small">
          <span className="bb-btn__label">{k.archiveLink}</span>
        </Link>
      </dd>
    </div>
  );
}

/** spec §2: bits claimed (this season's), the player's colour and the Telnet balance, and the season. */
export function KernelStats({
  claimed,
  mine,
  season,
  color,
  telnet,
  onChangeColor,
}: {
  claimed: ValueStore<number>;
  /** The player's own bits (null while loading). */
  mine: number | null;
  season: CurrentSeason | undefined;
  color: PlayerColor | undefined;
  telnet: number;
  onChangeColor(): void;
}) {
  const version = useValue(claimed);
  // The grid's version counts every purchase since the first season; this season's began at its start version.
  const bits = Math.max(0, version - (season?.startVersion ?? 0));
  const has = color && color.colorR !== null && color.colorG !== null && color.colorB !== null;
  return (
    <dl className="bb-kernel__stats">
      <SeasonStat season={season} claimedBits={bits} />
      <div>
        {/* The spec's "bits claimed" is everyone's: said so, with the player's own count beside it (ADR 066). */}
        <dt>
          {k.bitsClaimed} <span className="bb-muted">{k.bitsClaimedAll}</span>
        </dt>
        <dd data-testid="kernel-claimed">{bits.toLocaleString('en-US')}</dd>
      </div>
      <div>
        <dt>{k.yourBits}</dt>
        <dd className="bb-kernel__mine" data-testid="kernel-my-count">
          {mine === null ? '…' : mine.toLocaleString('en-US')}
        </dd>
      </div>
      <div>
        <dt>{k.yourColor}</dt>
        <dd className="bb-kernel__color">
          {has ? (
            <span
              className="bb-kernel__swatch"
              style={{ background: `rgb(${color.colorR}, ${color.colorG}, ${color.colorB})` }}
              aria-hidden="true"
            />
          ) : null}
          <span>{has ? `${color.colorR}, ${color.colorG}, ${color.colorB}` : k.noColor}</span>
          <CommandButton size="small" variant="link" onClick={onChangeColor}>
            {k.changeColor}
          </CommandButton>
        </dd>
      </div>
      <div>
        <dt>{k.telnet}</dt>
        <dd className="bb-telnet">{formatTelnet(telnet)}</dd>
      </div>
    </dl>
  );
}
