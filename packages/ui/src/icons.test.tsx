import { Glyph } from './icons';
import { renderUi } from './test/render-ui';

test('draws a decorative svg hidden from screen readers', async () => {
  const { container } = await renderUi(<Glyph name="calendar" />);
  const svg = container.querySelector('svg')!;
  expect(svg).toHaveAttribute('aria-hidden', 'true');
  expect(svg.querySelector('path')).toHaveAttribute('d');
});
