import { screen } from '@testing-library/react';
import { TERMS_AND_CONDITIONS } from '@baridesk/domain';
import { appStore } from '@baridesk/store';
import { renderScreen } from '@baridesk/testing';
import { createAuthUser } from '../../../test/factories';
import TermsScreen from './terms-screen';

const renderTerms = () => renderScreen(<TermsScreen />, { path: '/terms-and-conditions', route: '/terms-and-conditions' });

test('shows the licence agreement of @baridesk/domain, every section reachable from the contents', async () => {
  appStore.getState().signOut();
  await renderTerms();

  expect(screen.getByRole('heading', { level: 1, name: 'Terms and Conditions' })).toBeInTheDocument();
  expect(document.title).toBe('Terms and Conditions · BariDesk');
  expect(screen.getByRole('heading', { level: 2, name: TERMS_AND_CONDITIONS.title })).toBeInTheDocument();
  const contents = screen.getByRole('navigation', { name: 'Sections of the agreement' });
  for (const section of TERMS_AND_CONDITIONS.sections) {
    const heading = screen.getByRole('heading', { level: 3, name: section.heading });
    const link = screen.getAllByRole('link', { name: section.heading }).find((a) => contents.contains(a));
    expect(link).toHaveAttribute('href', `#${heading.id}`);
    for (const paragraph of section.paragraphs) expect(screen.getByText(paragraph)).toBeInTheDocument();
  }
  expect(screen.getByText(TERMS_AND_CONDITIONS.closing)).toBeInTheDocument();
  expect(screen.getByRole('contentinfo')).toHaveTextContent(`© ${new Date().getFullYear()} BariDesk. All rights reserved.`);
});

test('is open to a signed-in user too', async () => {
  appStore.getState().signIn({ token: 'tok', user: createAuthUser() });
  await renderTerms();
  expect(screen.getByRole('heading', { level: 2, name: TERMS_AND_CONDITIONS.title })).toBeInTheDocument();
  appStore.getState().signOut();
});
