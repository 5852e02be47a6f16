import { Glyph } from './icons';
import { renderScreen } from '@baridesk/testing';

test('draws a decorative svg hidden from screen readers', async () => {
  const { container } = await renderScreen(<Glyph name="calendar" />);
  const svg = container.querySelector('svg')!;
  expect(svg).toHaveAttribute('aria-hidden', 'true');
  expect(svg.querySelector('path')).toHaveAttribute('d');
});
