import '@fontsource/jetbrains-mono/400.css';
import '@fontsource/jetbrains-mono/700.css';
import '@fontsource/vt323/400.css';
import './ui/base.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Boot } from './boot';
import { startBlinkClock } from './ui/blink-clock';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');
// Read before React replaces it: which boot frame the server chose for this visitor (ADR 076).
const bootShell = container.querySelector('.bb-boot-shell');
const signedInShell = bootShell ? { title: bootShell.querySelector('h1')?.textContent ?? undefined } : null;
startBlinkClock();
createRoot(container).render(
  <StrictMode>
    <Boot signedInShell={signedInShell} />
  </StrictMode>,
);
