import { useEffect, useRef } from 'react';
import { useDocumentVisible } from '../../lib/use-document-visible';
import { useMediaQuery } from '../../lib/use-media-query';

/** spec §2: 200 falling digits behind the boss screen. */
const digitCount = 200;

/**
 * The decorative falling-digits background: one canvas, one requestAnimationFrame loop that draws
 * 200 glyphs (a few microseconds a frame). It stops while the tab is hidden and does not run at all
 * under prefers-reduced-motion.
 */
export function DigitRain() {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const visible = useDocumentVisible();
  const reduced = useMediaQuery('(prefers-reduced-motion: reduce)');

  useEffect(() => {
    const canvas = canvasRef.current;
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx || reduced || !visible) return;
    const resize = () => {
      canvas.width = canvas.clientWidth;
      canvas.height = canvas.clientHeight;
    };
    resize();
    const drops = Array.from({ length: digitCount }, () => ({
      x: Math.random(),
      y: Math.random(),
      speed: 0.0006 + Math.random() * 0.0018,
      digit: Math.floor(Math.random() * 10),
      alpha: 0.08 + Math.random() * 0.22,
    }));
    let frame = 0;
    let last = performance.now();
    const draw = (at: number) => {
      const dt = Math.min(64, at - last);
      last = at;
      ctx.clearRect(0, 0, canvas.width, canvas.height);
      ctx.font = '14px "JetBrains Mono", monospace';
      for (const d of drops) {
        d.y += d.speed * dt * 0.06;
        if (d.y > 1.05) {
          d.y = -0.05;
          d.digit = Math.floor(Math.random() * 10);
        }
        ctx.fillStyle = `rgba(57, 255, 136, ${d.alpha})`;
        ctx.fillText(String(d.digit), d.x * canvas.width, d.y * canvas.height);
      }
      frame = requestAnimationFrame(draw);
    };
    frame = requestAnimationFrame(draw);
    window.addEventListener('resize', resize);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('resize', resize);
    };
  }, [visible, reduced]);

  return (
    <canvas
      ref={canvasRef}
      className="bb-bc__rain"
      aria-hidden="true"
      data-testid="digit-rain"
      data-running={!reduced && visible}
    />
  );
}
