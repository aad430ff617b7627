// The endless effects (blinking cursors and status dots, the titles' flicker) follow this one clock instead of
// endless CSS animations (ADR 086). While any CSS animation runs, the browser draws a new frame for every
// screen refresh, and an idle Mainframe kept about 14 % of a core busy; the clock changes two attributes of
// the root element, so the page is drawn again twice a second. Each effect's look stays in its own CSS:
// `:root[data-blink='off'] .its-class` hides it, `:root[data-flicker] .its-class` dims it.
// Like every animation (ui.md), the clock stops under prefers-reduced-motion and while the tab is hidden.

/** Half a blink: the classic terminal cursor's rate. */
export const blinkHalfPeriodMs = 530;
/** A title flickers once in this many half-blinks (about every 6 s) ... */
const flickerEveryTicks = 11;
/** ... for this long. */
const flickerMs = 60;

/** Starts the clock on `doc`'s root element; the returned function stops it and removes its attributes. */
export function startBlinkClock(doc: Document = document): () => void {
  const root = doc.documentElement;
  const reducedMotion = doc.defaultView?.matchMedia('(prefers-reduced-motion: reduce)');
  let timer: ReturnType<typeof setInterval> | undefined;
  let ticks = 0;

  const tick = () => {
    ticks += 1;
    root.dataset.blink = ticks % 2 === 0 ? 'on' : 'off';
    if (ticks % flickerEveryTicks === 0) {
      root.dataset.flicker = '';
      setTimeout(() => delete root.dataset.flicker, flickerMs);
    }
  };
  const stop = () => {
    clearInterval(timer);
    timer = undefined;
    delete root.dataset.blink;
    delete root.dataset.flicker;
  };
  const update = () => {
    const run = !reducedMotion?.matches && doc.visibilityState === 'visible';
    if (run && timer === undefined) timer = setInterval(tick, blinkHalfPeriodMs);
    if (!run && timer !== undefined) stop();
  };

  update();
  reducedMotion?.addEventListener('change', update);
  doc.addEventListener('visibilitychange', update);
  return () => {
    reducedMotion?.removeEventListener('change', update);
    doc.removeEventListener('visibilitychange', update);
    stop();
  };
}
