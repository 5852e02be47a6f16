import { system } from './system';

/** WCAG's contrast ratio of two "#rrggbb" colours. */
function contrast(a: string, b: string) {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((at) => {
      const channel = parseInt(hex.slice(at, at + 2), 16) / 255;
      return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

type SemanticColours = Record<string, Record<string, { value: { _light: string } }>>;

/** The light-mode colour a semantic token stands for, as "#rrggbb". */
function lightValue(palette: string, token: string) {
  const colours = (system as unknown as { _config: { theme: { semanticTokens: { colors: SemanticColours } } } })._config.theme.semanticTokens.colors;
  const reference = colours[palette]![token]!.value._light; // "{colors.green.700}"
  return system.token(reference.slice(1, -1));
}

test.each(['green', 'orange', 'red', 'brand'])('white text on %s.solid (a toast, a solid button) meets 4.5:1', (palette) => {
  expect(contrast('#ffffff', lightValue(palette, 'solid'))).toBeGreaterThanOrEqual(4.5);
});

test.each([
  ['fg', 'subtle'],
  ['fg', 'warning'],
  ['fg', 'muted'],
  ['fg', 'error'],
])('%s.%s text meets 4.5:1 on white and on the page (bg.canvas)', (palette, token) => {
  const text = lightValue(palette, token);
  expect(contrast(text, '#ffffff')).toBeGreaterThanOrEqual(4.5);
  expect(contrast(text, '#f5f8fa')).toBeGreaterThanOrEqual(4.5);
});
