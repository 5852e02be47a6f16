/**
 * Keeps only the listed recipes in Chakra's theme (`theme/recipes.js`, `theme/slot-recipes.js`), whose
 * maps otherwise put every component's styles (about 115 KB minified) on the sign-in page. Each file
 * is an import per recipe and one object literal `key: identifier`; this drops the entries not in
 * `keep` and their imports. Fails the build if the file no longer has that shape, or a key is unknown.
 */
module.exports = function chakraRecipesLoader(source) {
  const { keep } = this.getOptions();
  const wanted = new Set(keep);
  const entry = /^\s+(\w+): (\w+),?$/;
  const found = new Set();
  const dropped = new Set();
  const kept = source.split('\n').filter((line) => {
    const match = entry.exec(line);
    if (!match) return true;
    found.add(match[1]);
    if (wanted.has(match[1])) return true;
    dropped.add(match[2]);
    return false;
  });
  const unknown = keep.filter((key) => !found.has(key));
  if (found.size === 0 || unknown.length > 0) {
    throw new Error(`${this.resourcePath}: recipes not found (${unknown.join(', ') || 'no recipe map'}); check packages/ui/src/chakra-recipes.json against this Chakra version.`);
  }
  return kept
    .filter((line) => {
      const imported = /^import \{ (\w+) \} from '\.\/recipes\/[\w-]+\.js';$/.exec(line);
      return !(imported && dropped.has(imported[1]));
    })
    .join('\n');
};
