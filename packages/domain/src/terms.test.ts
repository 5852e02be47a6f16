import { TERMS_AND_CONDITIONS } from './index';

test('the licence agreement has a title, an introduction, numbered sections and a closing line', () => {
  expect(TERMS_AND_CONDITIONS.title).toBe('BariDesk Practitioner Licence Agreement');
  expect(TERMS_AND_CONDITIONS.intro.length).toBeGreaterThan(0);
  expect(TERMS_AND_CONDITIONS.sections.map((section) => section.heading.split('.')[0])).toEqual(
    TERMS_AND_CONDITIONS.sections.map((_, index) => String(index + 1)),
  );
  for (const section of TERMS_AND_CONDITIONS.sections) expect(section.paragraphs.length).toBeGreaterThan(0);
  expect(TERMS_AND_CONDITIONS.closing).toMatch(/^By accepting/);
});
