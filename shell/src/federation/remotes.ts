/**
 * Remotes are registered at run time from /remotes.json (a remote is redeployed without rebuilding the
 * shell) and fetched only when one of their pages is first visited. Three layers of failure handling:
 * each load is retried, a runtime plugin turns a failed load into a value instead of a crash, and the
 * page shows an error screen with a retry button (see remote-page.tsx).
 */
import type { ComponentType } from 'react';
import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ScreenLoaders } from '@baridesk/ui';
import type { RemoteName, RouteEntry } from '../routes/route-table';
import { REMOTES_MANIFEST_URL, takeManifestResponse } from './manifest-request';
import { setChatSettings } from '../session/support-chat';

/** What a remote's `./routes` module exports: a screen loader per shell path it owns. */
export interface RemoteRoutesModule {
  screens: ScreenLoaders;
}

export interface RemoteEntry {
  name: string;
  entry: string;
}

export class RemoteLoadError extends Error {
  constructor(
    readonly remote: RemoteName,
    cause?: unknown,
  ) {
    super(`The ${remote} part of BariDesk could not be loaded.`, { cause });
  }
}

const RETRIES = 2;
const RETRY_DELAY_MS = 400;
let known: RemoteEntry[] = [];
const loaded = new Map<RemoteName, Promise<RemoteRoutesModule['screens']>>();

/** Reads the remote manifest and registers the remotes and the failure plugin. */
export async function registerFromManifest(url = REMOTES_MANIFEST_URL): Promise<void> {
  const response = await takeManifestResponse(url);
  if (!response.ok) throw new Error(`The remote list could not be read (${response.status}).`);
  const manifest = (await response.json()) as { remotes: RemoteEntry[]; chat?: unknown };
  known = manifest.remotes;
  // The gateway's runtime settings for the page ride along: the support chat's server, when there is one.
  setChatSettings(manifest.chat);
  registerRemotes(known);
  registerPlugins([
    {
      name: 'baridesk-remote-failure',
      // Answer a failed remote with a marker instead of an exception, so one broken remote never
      // breaks the page around it.
      errorLoadRemote: ({ id, error }) => {
        console.error(`Remote module ${id} failed to load`, error);
        return { screens: null, failed: true };
      },
    },
  ]);
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function attempt(remote: RemoteName): Promise<RemoteRoutesModule['screens']> {
  let lastError: unknown;
  for (let i = 0; i <= RETRIES; i++) {
    if (i > 0) {
      await wait(RETRY_DELAY_MS * i);
      // Forget the failed entry script so the next try fetches it again.
      registerRemotes(known.filter((r) => r.name === remote), { force: true });
    }
    try {
      const module = (await loadRemote<RemoteRoutesModule | { screens: null }>(`${remote}/routes`)) as
        | RemoteRoutesModule
        | { screens: null }
        | null;
      if (module?.screens) return module.screens;
      lastError = new Error('the remote answered without screens');
    } catch (error) {
      lastError = error;
    }
  }
  throw new RemoteLoadError(remote, lastError);
}

/** The screens of a remote, loaded once; a failure is not cached, so "Retry" tries again. */
export function loadScreens(remote: RemoteName): Promise<RemoteRoutesModule['screens']> {
  let pending = loaded.get(remote);
  if (!pending) {
    pending = attempt(remote);
    loaded.set(remote, pending);
    pending.catch(() => loaded.delete(remote));
  }
  return pending;
}

/** The outcome of loading a page's screen, as the page's loader hands it to RemotePage. */
export type PageLoad = { status: 'ready' } | { status: 'missing' } | { status: 'failed' };

const readyScreens = new Map<string, ComponentType>();

/** A screen already loaded for this path, to render without waiting. */
export const screenFor = (path: string): ComponentType | undefined => readyScreens.get(path);

/**
 * Loads the remote of a page (once) and the code of its screen, so the page renders without a
 * loading state once the navigation commits. Never throws: a failure becomes `failed`, shown with a retry.
 */
export async function loadPage(entry: RouteEntry): Promise<PageLoad> {
  if (readyScreens.has(entry.path)) return { status: 'ready' };
  try {
    const screens = await loadScreens(entry.remote);
    const load = screens[entry.path];
    if (!load) return { status: 'missing' };
    readyScreens.set(entry.path, (await load()).default);
    return { status: 'ready' };
  } catch (error) {
    console.error(`The page ${entry.path} could not be loaded`, error);
    return { status: 'failed' };
  }
}
