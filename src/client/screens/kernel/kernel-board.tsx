import type { BitCoord } from '../../../core/rules/kernel';
import { texts } from '../../../core/texts';
import { Panel } from '../../ui/panel';
import { HoverCard } from './hover-card';
import { KernelCanvas } from './kernel-canvas';
import type { KernelStores } from './kernel-stores';
import type { UrlView } from './kernel-url';
import type { KernelView } from './kernel-view';
import { Minimap } from './minimap';
import { useValue } from './value-store';
import { ZoomControls } from './zoom-controls';

const k = texts.kernel;

/** The Kernel's board panel: zoom controls, the canvas with its minimap and loading line, the hover card. */
export function KernelBoard({
  viewRef,
  stores,
  mine,
  onBuy,
  start,
  onView,
}: {
  viewRef: React.RefObject<KernelView | null>;
  stores: KernelStores;
  /** The player's newest bits (ZOOM's "go to mine"). */
  mine: readonly BitCoord[];
  onBuy(bit: BitCoord): void;
  start: UrlView | null;
  onView(view: UrlView): void;
}) {
  const status = useValue(stores.status);
  return (
    <Panel
      title={k.title}
      className="bb-kernel__board"
      actions={<ZoomControls viewRef={viewRef} zoom={stores.zoom} mine={mine} />}
    >
      <div className="bb-kernel__stage">
        <KernelCanvas
          viewRef={viewRef}
          zoom={stores.zoom}
          hover={stores.hover}
          onBuy={onBuy}
          start={start}
          onView={onView}
        />
        <Minimap viewRef={viewRef} view={stores.view} painted={stores.claimed} />
        {status !== 'ready' ? (
          <p className="bb-kernel__loading" role="status">
            {status === 'failed' ? k.loadFailed : k.loading}
          </p>
        ) : null}
      </div>
      <HoverCard hover={stores.hover} />
    </Panel>
  );
}
