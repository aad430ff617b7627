import { useEffect, useMemo, useRef } from 'react';
import type { PurchaseResult } from '../../../core/api/kernel';
import { balance } from '../../../core/balance';
import type { BitCoord, Rgb } from '../../../core/rules/kernel';
import { fillText, texts } from '../../../core/texts';
import { useSession } from '../../session/session-context';
import { focusScreenHeading } from '../../ui/focus-heading';
import { Panel } from '../../ui/panel';
import { ScreenHeader } from '../../ui/screen-header';
import { ColorPickerDialog } from './color-picker-dialog';
import { KernelBoard } from './kernel-board';
import { KernelStats } from './kernel-stats';
import { createKernelStores } from './kernel-stores';
import type { KernelView } from './kernel-view';
import { PurchaseDialog } from './purchase-dialog';
import { useBuyFlow } from './use-buy-flow';
import { useGridSync } from './use-grid-sync';
import { usePlayerColor } from './use-kernel';
import { useMyBits } from './use-my-bits';
import { useCurrentSeason } from './use-season';
import { useUrlView } from './use-url-view';
import './kernel-screen.css';

const k = texts.kernel;
const defaultColor: Rgb = { r: 57, g: 255, b: 136 };
const seasonRule = fillText(k.seasonEnds, {
  share: Math.round(balance.kernelSeasonFullShare * 100),
  days: balance.kernelSeasonMaxDays,
});

/** spec §2 Kernel: the shared canvas, zoom, stats, help, and the colour and purchase dialogs. */
export function KernelScreen() {
  const { user } = useSession();
  const color = usePlayerColor();
  const season = useCurrentSeason();
  const stores = useMemo(createKernelStores, []);
  const viewRef = useRef<KernelView | null>(null);
  const paintOwn = useGridSync(viewRef, stores.claimed, stores.status);
  const { start, onView } = useUrlView(stores.view);
  const mine = useMyBits();

  // Outline the player's bits and, unless a shared spot was asked for, open on the newest (ADR 066).
  useEffect(() => {
    if (mine.data) viewRef.current?.setMine(mine.data.bits, start === null);
  }, [mine.data, start]);

  // A lazy chunk mounts after the shell's route-change focus ran on the fallback: take it here when it was lost.
  useEffect(() => {
    if (!document.querySelector('#main')?.contains(document.activeElement)) focusScreenHeading();
  }, []);

  const c = color.data;
  const hasColor = c !== undefined && c.colorR !== null && c.colorG !== null && c.colorB !== null;
  const current: Rgb = hasColor ? { r: c.colorR!, g: c.colorG!, b: c.colorB! } : defaultColor;
  const telnet = user?.telnet ?? 0;

  const onBought = (bit: BitCoord, r: PurchaseResult) => {
    mine.add(bit);
    paintOwn({
      x: r.square.x,
      y: r.square.y,
      colorR: r.square.colorR,
      colorG: r.square.colorG,
      colorB: r.square.colorB,
      version: r.version,
    });
  };
  const buy = useBuyFlow({ colorReady: color.isSuccess, hasColor, telnet, onBought });

  return (
    <div className="bb-kernel">
      <ScreenHeader title={k.title} tagline={k.tagline} />
      <div className="bb-kernel__layout">
        <KernelBoard
          viewRef={viewRef}
          stores={stores}
          mine={mine.data?.bits ?? []}
          onBuy={buy.onBuy}
          start={start}
          onView={onView}
        />
        <aside className="bb-kernel__side">
          <Panel title={k.statusTitle} tone="accent">
            <KernelStats
              claimed={stores.claimed}
              mine={mine.data?.count ?? null}
              season={season.data}
              color={c}
              telnet={telnet}
              onChangeColor={buy.changeColor}
            />
          </Panel>
          <Panel title={k.helpTitle}>
            <ul className="bb-kernel__help">
              {[...k.help, seasonRule].map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </Panel>
        </aside>
      </div>
      {buy.pickerOpen ? (
        <ColorPickerDialog
          open
          initial={current}
          busy={buy.savingColor}
          onSave={buy.saveColor}
          onCancel={buy.closePicker}
          returnFocus={buy.returnFocus}
        />
      ) : null}
      <PurchaseDialog
        bit={buy.confirming}
        busy={buy.buying}
        onConfirm={buy.confirm}
        onCancel={buy.closePurchase}
        returnFocus={buy.returnFocus}
      />
    </div>
  );
}
