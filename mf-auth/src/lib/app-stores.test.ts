import { appStoreConfig, DEFAULT_APP_STORES, isAppleMobile, storeUrlFor } from './app-stores';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const IPAD_AS_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15';
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36';
const WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';

const config = { appStoreUrl: 'https://apps.apple.com/app/id1', playStoreUrl: 'https://play.google.com/store/apps/details?id=x' };

test('iPhone, iPod and iPad (also iPadOS posing as a Mac with a touch screen) get the App Store', () => {
  expect(storeUrlFor(IPHONE, 5, config)).toBe(config.appStoreUrl);
  expect(storeUrlFor(IPAD_AS_MAC, 5, config)).toBe(config.appStoreUrl);
  expect(isAppleMobile('Mozilla/5.0 (iPod touch; CPU iPhone OS 12_0 like Mac OS X)')).toBe(true);
});

test('everything else gets Google Play (a Mac without a touch screen too)', () => {
  expect(storeUrlFor(ANDROID, 5, config)).toBe(config.playStoreUrl);
  expect(storeUrlFor(WINDOWS, 0, config)).toBe(config.playStoreUrl);
  expect(storeUrlFor(IPAD_AS_MAC, 0, config)).toBe(config.playStoreUrl);
});

test('the addresses come from window.__BARIDESK_CONFIG__, with defaults for what is missing or malformed', () => {
  expect(appStoreConfig(undefined)).toEqual(DEFAULT_APP_STORES);
  expect(appStoreConfig({ appStoreUrl: config.appStoreUrl })).toEqual({ ...DEFAULT_APP_STORES, appStoreUrl: config.appStoreUrl });
  expect(appStoreConfig({ appStoreUrl: 'javascript:alert(1)', playStoreUrl: 42 as unknown as string })).toEqual(DEFAULT_APP_STORES);

  window.__BARIDESK_CONFIG__ = { playStoreUrl: config.playStoreUrl };
  try {
    expect(appStoreConfig().playStoreUrl).toBe(config.playStoreUrl);
  } finally {
    delete window.__BARIDESK_CONFIG__;
  }
});
