import { formatZoom, type BitCoord } from '../../../core/rules/kernel';
import { texts } from '../../../core/texts';
import { CommandButton } from '../../ui/button';
import { openZoom } from './kernel-model';
import type { KernelView } from './kernel-view';
import { useValue, type ValueStore } from './value-store';

/** Zoom out / label / zoom in (spec §2, §9: 0.1×–30× in 1.5× steps). */
export function ZoomControls({
  viewRef,
  zoom,
  mine,
}: {
  viewRef: React.RefObject<KernelView | null>;
  zoom: ValueStore<number>;
  mine: readonly BitCoord[];
}) {
  const z = useValue(zoom);
  const newest = mine[0];
  return (
    <div className="bb-kernel__zoom">
      {/* ADR 066: back to the newest own bit, at a zoom where it shows. */}
      <CommandButton
        size="small"
        variant="link"
        disabled={!newest}
        onClick={() => newest && viewRef.current?.centreOn(newest.x, newest.y, Math.max(z, openZoom()))}
        data-testid="kernel-my-bits"
      >
        {texts.kernel.myBits}
      </CommandButton>
      <CommandButton
        size="small"
        aria-label={texts.kernel.zoomOut}
        onClick={() => viewRef.current?.zoomStep(-1)}
        disabled={z <= 0.1}
      >
        −
      </CommandButton>
      <output className="bb-kernel__zoom-label" aria-label={texts.kernel.zoomLabel} data-testid="kernel-zoom">
        {formatZoom(z)}
      </output>
      <CommandButton
        size="small"
        aria-label={texts.kernel.zoomIn}
        onClick={() => viewRef.current?.zoomStep(1)}
        disabled={z >= 30}
      >
        +
      </CommandButton>
    </div>
  );
}
