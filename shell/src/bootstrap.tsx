import { createRoot } from 'react-dom/client';
import { registerFromManifest } from './federation/remotes';
import { preloadPageAt } from './federation/preload-page';
import { warnOnOldBrowser } from './session/old-browser';

/**
 * The remote list first, then the first page's screen is fetched from its remote while the app itself
 * (the theme, the router, the layouts) loads and starts: the two no longer wait on each other.
 */
async function main() {
  warnOnOldBrowser();
  const root = createRoot(document.getElementById('root') as HTMLElement);
  try {
    await registerFromManifest();
    preloadPageAt(window.location.pathname);
  } catch (error) {
    // Without the remote list only the shell's own pages work; each remote page then offers a retry.
    console.error(error);
  }
  const { App } = await import('./app');
  root.render(<App />);
}

void main();
