import { createRoot } from 'react-dom/client';
import { registerFromManifest } from './federation/remotes';
import { App } from './app';
import { warnOnOldBrowser } from './session/old-browser';

async function main() {
  warnOnOldBrowser();
  const root = createRoot(document.getElementById('root') as HTMLElement);
  try {
    await registerFromManifest();
  } catch (error) {
    // Without the remote list only the shell's own pages work; each remote page then offers a retry.
    console.error(error);
  }
  root.render(<App />);
}

void main();
