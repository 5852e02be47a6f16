/**
 * Loads an ES-module-only package with a real `import()`. This package compiles to CommonJS (tsx at run
 * time, ts-jest in tests), which would turn a written `import()` into `require()`; a function built at run
 * time keeps the native one (under jest it needs --experimental-vm-modules, which the test scripts pass).
 */
const nativeImport = new Function('specifier', 'return import(specifier)') as (specifier: string) => Promise<unknown>;

export function importEsm<T>(specifier: string): Promise<T> {
  return nativeImport(specifier) as Promise<T>;
}
