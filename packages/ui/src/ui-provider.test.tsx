import { Button } from '@chakra-ui/react';
import { screen } from '@testing-library/react';
import { system } from './system';
import { renderUi } from './test/render-ui';

test('renders Chakra components with the BariDesk system', async () => {
  await renderUi(<Button>Save</Button>);
  expect(screen.getByRole('button', { name: 'Save' })).toBeInTheDocument();
});

test('the system has the brand palette and system-ui fonts', () => {
  expect(system.token('colors.brand.600')).toBe('#176f84');
  expect(system.token('fonts.body')).toContain('system-ui');
  expect(system.token('colors.brand.solid')).toBeDefined();
});
