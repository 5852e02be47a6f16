/** jsdom lacks fetch, streams and encoders that ky and Chakra use: lend them Node's. */
const { TestEnvironment } = require('jest-environment-jsdom');

class BrowserLikeEnvironment extends TestEnvironment {
  async setup() {
    await super.setup();
    const g = this.global;
    for (const name of [
      'fetch', 'Request', 'Response', 'Headers', 'FormData', 'AbortController', 'AbortSignal',
      'TextEncoder', 'TextDecoder', 'ReadableStream', 'WritableStream', 'TransformStream',
      'structuredClone', 'BroadcastChannel', 'Blob',
    ]) {
      if (typeof globalThis[name] !== 'undefined') g[name] = globalThis[name];
    }
  }
}

module.exports = BrowserLikeEnvironment;
