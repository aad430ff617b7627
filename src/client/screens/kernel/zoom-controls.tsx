import { formatZoom } from '../../../core/rules/kernel';
import { texts } from '../../../core/texts';
import { CommandButton } from '../../ui/button';
import type { KernelView } from './kernel-view';
import { useValue, type ValueStore } from './value-store';

/** Zoom out / label / zoom in (spec §2, §9: 0.1×–30× in 1.5× steps). */
export function ZoomControls({ viewRef, zoom }: { viewRef: React.RefObject<KernelView | null>; zoom: ValueStore<number> }) {
  const z = useValue(zoom);
  return (
    <div className="bb-kernel__zoom">
      <CommandButton size="small" aria-label={texts.kernel.zoomOut} onClick={() => viewRef.current?.zoomStep(-1)} disabled={z <= 0.1}>
        −
      </CommandButton>
      <output className="bb-kernel__zoom-label" aria-label={texts.kernel.zoomLabel} data-testid="kernel-zoom">
        {formatZoom(z)}
      </output>
      <CommandButton size="small" aria-label={texts.kernel.zoomIn} onClick={() => viewRef.current?.zoomStep(1)} disabled={z >= 30}>
        +
      </CommandButton>
    </div>
  );
}
