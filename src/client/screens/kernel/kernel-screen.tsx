import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { User } from '../../../core/api/common';
import { BitInfo } from '../../../core/api/kernel';
import { balance } from '../../../core/balance';
import { bitPrice, type BitCoord, type Rgb } from '../../../core/rules/kernel';
import { fillText, texts } from '../../../core/texts';
import { useApi } from '../../lib/api-context';
import { userQueryKey, useSession } from '../../session/session-context';
import { focusScreenHeading } from '../../ui/focus-heading';
import { Panel } from '../../ui/panel';
import { ScreenHeader } from '../../ui/screen-header';
import { useToast } from '../../ui/toast';
import { ColorPickerDialog } from './color-picker-dialog';
import { HoverCard } from './hover-card';
import { KernelCanvas } from './kernel-canvas';
import { KernelStats } from './kernel-stats';
import type { UrlView } from './kernel-url';
import { Minimap } from './minimap';
import { useMyBits } from './use-my-bits';
import { useUrlView } from './use-url-view';
import { bitOwned, insufficient, purchaseFailure } from './kernel-toasts';
import type { KernelView } from './kernel-view';
import { PurchaseDialog } from './purchase-dialog';
import { useGridSync } from './use-grid-sync';
import { useCurrentSeason } from './use-season';
import { bitKey, bitPath, usePlayerColor, usePurchase, useSetColor } from './use-kernel';
import { createValueStore, useValue } from './value-store';
import { ZoomControls } from './zoom-controls';
import './kernel-screen.css';
import { formatTelnet } from '../../lib/format-telnet';

const k = texts.kernel;
const defaultColor: Rgb = { r: 57, g: 255, b: 136 };
const seasonRule = fillText(k.seasonEnds, {
  share: Math.round(balance.kernelSeasonFullShare * 100),
  days: balance.kernelSeasonMaxDays,
});

/** spec §2 Kernel: the shared canvas, zoom, stats, help, and the colour and purchase dialogs. */
export function KernelScreen() {
  const { user } = useSession();
  const api = useApi();
  const queryClient = useQueryClient();
  const toast = useToast();
  const color = usePlayerColor();
  const season = useCurrentSeason();
  const setColor = useSetColor();
  const purchase = usePurchase();
  const stores = useMemo(
    () => ({
      zoom: createValueStore(1),
      hover: createValueStore<BitCoord | null>(null),
      claimed: createValueStore(0),
      status: createValueStore<'loading' | 'ready' | 'failed'>('loading'),
      view: createValueStore<UrlView | null>(null),
    }),
    [],
  );
  const viewRef = useRef<KernelView | null>(null);
  const paintOwn = useGridSync(viewRef, stores.claimed, stores.status);
  const status = useValue(stores.status);
  const [picker, setPicker] = useState<{ then: BitCoord | null } | null>(null);
  const [confirming, setConfirming] = useState<BitCoord | null>(null);
  const { start, onView } = useUrlView(stores.view);
  const mine = useMyBits();
  // The control that opened the colour or purchase dialog gets focus back when it closes (the canvas, or CHANGE).
  const opener = useRef<HTMLElement | null>(null);
  const returnFocus = () => (opener.current?.isConnected ? opener.current : null);

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

  const show = (n: { title: string; description: string }, tone: 'danger' | 'telnet' = 'danger') =>
    toast.show({ ...n, tone });

  async function askToBuy(bit: BitCoord) {
    try {
      const info = await queryClient.fetchQuery({
        queryKey: bitKey(bit),
        queryFn: () => api.request(bitPath(bit), { schema: BitInfo }),
        staleTime: 0,
      });
      if (info.owner) return show(bitOwned(info.owner.username));
    } catch {
      // The server decides anyway; a failed look-up still lets the player try.
    }
    setConfirming(bit);
  }

  function onBuy(bit: BitCoord) {
    if (!color.isSuccess) return;
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // spec §2/§4: with no colour, the colour picker opens first, then the purchase.
    if (!hasColor) return setPicker({ then: bit });
    void askToBuy(bit);
  }

  function saveColor(rgb: Rgb) {
    const then = picker?.then ?? null;
    setColor.mutate(
      { colorR: rgb.r, colorG: rgb.g, colorB: rgb.b },
      {
        onSuccess: () => {
          setPicker(null);
          if (then) void askToBuy(then);
        },
        onError: (e) =>
          toast.show({ title: k.colorFailed, description: purchaseFailure(e).description, tone: 'danger' }),
      },
    );
  }

  function confirm(bit: BitCoord) {
    const short = insufficient(bitPrice(bit.x, bit.y), telnet);
    if (short) {
      setConfirming(null);
      return show(short);
    }
    purchase.mutate(bit, {
      onSuccess: (r) => {
        setConfirming(null);
        mine.add(bit);
        paintOwn({
          x: r.square.x,
          y: r.square.y,
          colorR: r.square.colorR,
          colorG: r.square.colorG,
          colorB: r.square.colorB,
          version: r.version,
        });
        queryClient.setQueryData<User | null>(userQueryKey, (u) => (u ? { ...u, telnet: r.telnet } : u));
        queryClient.setQueryData(bitKey(bit), {
          x: bit.x,
          y: bit.y,
          price: r.price,
          owner: { id: r.square.ownerId, username: r.square.ownerUsername },
        });
        toast.show({ title: fillText(k.bought, { x: bit.x, y: bit.y, price: formatTelnet(r.price) }), tone: 'telnet' });
      },
      onError: (e) => {
        setConfirming(null);
        show(purchaseFailure(e));
      },
    });
  }

  return (
    <div className="bb-kernel">
      <ScreenHeader title={k.title} tagline={k.tagline} />
      <div className="bb-kernel__layout">
        <Panel
          title={k.title}
          className="bb-kernel__board"
          actions={<ZoomControls viewRef={viewRef} zoom={stores.zoom} mine={mine.data?.bits ?? []} />}
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
        <aside className="bb-kernel__side">
          <Panel title={k.statusTitle} tone="accent">
            <KernelStats
              claimed={stores.claimed}
              mine={mine.data?.count ?? null}
              season={season.data}
              color={c}
              telnet={telnet}
              onChangeColor={() => {
                opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
                setPicker({ then: null });
              }}
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
      {picker ? (
        <ColorPickerDialog
          open
          initial={current}
          busy={setColor.isPending}
          onSave={saveColor}
          onCancel={() => setPicker(null)}
          returnFocus={returnFocus}
        />
      ) : null}
      <PurchaseDialog
        bit={confirming}
        busy={purchase.isPending}
        onConfirm={confirm}
        onCancel={() => setConfirming(null)}
        returnFocus={returnFocus}
      />
    </div>
  );
}
