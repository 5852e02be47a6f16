import { randomUUID } from 'node:crypto';

/**
 * Loads an ES-module-only package with a real `import()`. This package compiles to CommonJS (tsx at run
 * time, ts-jest in tests), which would turn a written `import()` into `require()`; a function built at run
 * time keeps the native one (under jest it needs --experimental-vm-modules, which the test scripts pass).
 *
 * Each module instance builds its function from a source of its own: V8 reuses a function compiled from
 * an identical source, and with it the module context of its first compilation — under jest that can be
 * another test file, already finished ("import a file after the Jest environment has been torn down").
 */
const nativeImport = new Function('specifier', `return import(specifier); // ${randomUUID()}`) as (
  specifier: string,
) => Promise<unknown>;

export function importEsm<T>(specifier: string): Promise<T> {
  return nativeImport(specifier) as Promise<T>;
}
