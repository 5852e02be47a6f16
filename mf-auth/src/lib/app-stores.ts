/**
 * Where a patient gets the BariDesk patient app. The addresses are deployment settings, not code:
 * the page that hosts the shell may set `window.__BARIDESK_CONFIG__ = { appStoreUrl, playStoreUrl }`
 * (e.g. injected by the gateway) before the app starts; otherwise the defaults below apply.
 */

export type AppStoreConfig = { appStoreUrl: string; playStoreUrl: string };

declare global {
  interface Window {
    __BARIDESK_CONFIG__?: Partial<AppStoreConfig> & Record<string, unknown>;
  }
}

/** Defaults until a deployment names its listings: the stores' search pages for the app. */
export const DEFAULT_APP_STORES: AppStoreConfig = {
  appStoreUrl: 'https://apps.apple.com/us/search?term=BariDesk',
  playStoreUrl: 'https://play.google.com/store/search?q=BariDesk&c=apps',
};

const isHttpUrl = (value: unknown): value is string => typeof value === 'string' && /^https:\/\/\S+$/i.test(value);

/** The configured store addresses; a missing or malformed one falls back to its default. */
export function appStoreConfig(config: Window['__BARIDESK_CONFIG__'] = globalThis.window?.__BARIDESK_CONFIG__): AppStoreConfig {
  return {
    appStoreUrl: isHttpUrl(config?.appStoreUrl) ? config.appStoreUrl : DEFAULT_APP_STORES.appStoreUrl,
    playStoreUrl: isHttpUrl(config?.playStoreUrl) ? config.playStoreUrl : DEFAULT_APP_STORES.playStoreUrl,
  };
}

/**
 * True on iPhone, iPod and iPad. iPadOS Safari introduces itself as a Mac: a "Macintosh" with a
 * touch screen is an iPad (no Mac has one).
 */
export function isAppleMobile(userAgent: string, maxTouchPoints = 0): boolean {
  if (/iPhone|iPad|iPod/i.test(userAgent)) return true;
  return /Macintosh/i.test(userAgent) && maxTouchPoints > 1;
}

/** The store of this device: the App Store on iOS and iPadOS, Google Play everywhere else. */
export function storeUrlFor(userAgent: string, maxTouchPoints = 0, config: AppStoreConfig = appStoreConfig()): string {
  return isAppleMobile(userAgent, maxTouchPoints) ? config.appStoreUrl : config.playStoreUrl;
}

/** This browser's store. */
export const currentStoreUrl = (): string => storeUrlFor(navigator.userAgent, navigator.maxTouchPoints ?? 0);

/** Leaving BariDesk for another site; an object so tests can watch it (jsdom cannot navigate). */
export const externalNavigation = {
  go(url: string): void {
    window.location.assign(url);
  },
};
