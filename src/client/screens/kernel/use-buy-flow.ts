import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { User } from '../../../core/api/common';
import { BitInfo, type PurchaseResult } from '../../../core/api/kernel';
import { bitPrice, type BitCoord, type Rgb } from '../../../core/rules/kernel';
import { fillText, texts } from '../../../core/texts';
import { useApi } from '../../lib/api-context';
import { formatTelnet } from '../../lib/format-telnet';
import { userQueryKey } from '../../session/session-context';
import { useToast } from '../../ui/toast';
import { bitOwned, insufficient, purchaseFailure, type Notice } from './kernel-toasts';
import { bitKey, bitPath, usePurchase, useSetColor } from './use-kernel';

const k = texts.kernel;

/** The new balance and the bought bit's owner, as the purchase answered, so neither is asked for again. */
function rememberPurchase(queryClient: QueryClient, bit: BitCoord, r: PurchaseResult) {
  queryClient.setQueryData<User | null>(userQueryKey, (u) => (u ? { ...u, telnet: r.telnet } : u));
  queryClient.setQueryData(bitKey(bit), {
    x: bit.x,
    y: bit.y,
    price: r.price,
    owner: { id: r.square.ownerId, username: r.square.ownerUsername },
  });
}

/**
 * From a double-click (or Enter) on a bit to a bought bit, spec §2/§4: the colour picker first when
 * the player has no colour, a look at the bit's owner, the confirmation, then the purchase.
 * `onBought` paints the bit and counts it. The control that opened the colour or purchase dialog
 * (the canvas, or CHANGE) gets focus back when it closes.
 */
export function useBuyFlow({
  colorReady,
  hasColor,
  telnet,
  onBought,
}: {
  /** The player's colour is known (with or without channels): before that, nothing opens. */
  colorReady: boolean;
  hasColor: boolean;
  telnet: number;
  onBought(bit: BitCoord, result: PurchaseResult): void;
}) {
  const api = useApi();
  const queryClient = useQueryClient();
  const toast = useToast();
  const setColor = useSetColor();
  const purchase = usePurchase();
  const [picker, setPicker] = useState<{ then: BitCoord | null } | null>(null);
  const [confirming, setConfirming] = useState<BitCoord | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const returnFocus = () => (opener.current?.isConnected ? opener.current : null);
  const rememberOpener = () => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  };
  const show = (n: Notice, tone: 'danger' | 'telnet' = 'danger') => toast.show({ ...n, tone });

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
    if (!colorReady) return;
    rememberOpener();
    // spec §2/§4: with no colour, the colour picker opens first, then the purchase.
    if (!hasColor) return setPicker({ then: bit });
    void askToBuy(bit);
  }

  function changeColor() {
    rememberOpener();
    setPicker({ then: null });
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
        onBought(bit, r);
        rememberPurchase(queryClient, bit, r);
        toast.show({ title: fillText(k.bought, { x: bit.x, y: bit.y, price: formatTelnet(r.price) }), tone: 'telnet' });
      },
      onError: (e) => {
        setConfirming(null);
        show(purchaseFailure(e));
      },
    });
  }

  return {
    pickerOpen: picker !== null,
    confirming,
    savingColor: setColor.isPending,
    buying: purchase.isPending,
    returnFocus,
    onBuy,
    changeColor,
    saveColor,
    closePicker: () => setPicker(null),
    confirm,
    closePurchase: () => setConfirming(null),
  };
}
