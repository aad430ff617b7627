import { useCallback, useEffect, useRef, useState } from 'react';
import { balance } from '../../../core/balance';
import { useToast } from '../../ui/toast';
import { texts } from '../../../core/texts';

/** spec §4: a level-up shows the LEVEL UP banner for 2 seconds together with a toast. */
export function useLevelUp(): { level: number | null; announce(level: number): void } {
  const toast = useToast();
  const [level, setLevel] = useState<number | null>(null);
  const timer = useRef<number | null>(null);

  useEffect(
    () => () => {
      if (timer.current !== null) window.clearTimeout(timer.current);
    },
    [],
  );

  const announce = useCallback(
    (reached: number) => {
      setLevel(reached);
      if (timer.current !== null) window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => setLevel(null), balance.levelUpBannerMs);
      toast.show({
        title: texts.mainframe.levelUpTitle,
        description: texts.mainframe.levelUpBody(reached),
        tone: 'success',
      });
    },
    [toast],
  );

  return { level, announce };
}
