import { CONTENT_LISTS } from '@baridesk/contracts';
import type { ScreenLoaders } from '@baridesk/ui';
import { screens } from './routes';

const loaders: ScreenLoaders = screens;
const paths = Object.keys(loaders);

test('every screen path of every list type in the registry has its screen', () => {
  for (const type of CONTENT_LISTS) {
    for (const path of Object.values(type.screens)) expect(paths).toContain(path);
  }
  for (const path of ['/contact-us', '/coordinator-categories-1', '/coordinator-categories-2', '/:menuTitle/categories', '/:menuTitle/sub-categories']) {
    expect(paths).toContain(path);
  }
});

test('a list type path loads a component of its own, the same one each time', async () => {
  const loadList = loaders['/vitamin-supplement']!;
  const first = (await loadList()).default;
  expect(typeof first).toBe('function');
  expect((await loadList()).default).toBe(first);
  expect((await loaders['/vitamin-supplement/category']!()).default).not.toBe(first);
  // /contact-us is the contacts' list screen (its group comes from the address).
  expect((await loaders['/contact-us']!()).default).toBe((await loaders['/contacts']!()).default);
});
