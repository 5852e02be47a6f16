import { screen, within } from '@testing-library/react';
import { renderScreen } from '@baridesk/testing';
import { previewOfRecord, previewOfValues } from '../preview-item';
import { PatientPreview } from './patient-preview';
import { richTextNodes } from './rich-text-view';

const preview = () => screen.getByRole('complementary', { name: 'Preview as patient' });

test('draws an item as the app does: image, title, subtitle, length, rich text and its buttons', async () => {
  await renderScreen(
    <PatientPreview
      menuLabel="Support Group"
      labels={{ link: { label: 'Online meeting link' } }}
      item={previewOfRecord({
        title: 'Tuesday evening group',
        subtitle: 'Every Tuesday, 6 pm',
        image: '/uploads/101/0123456789abcdef0123456789abcdef.jpg',
        body: '<h2>What to bring</h2><p>Your <strong>food log</strong> and <a href="https://example.test/guide">the guide</a>.</p><ul><li>Water</li></ul>',
        link: 'https://meet.example.test/tuesday',
        video_url: 'https://video.example.test/welcome',
        duration_minutes: 45,
        phone: '+13125550113',
        email: 'group@example.test',
        address: '12 Lake St, Chicago',
      })}
    />,
  );
  const card = within(preview());
  expect(card.getByText('Support Group')).toBeInTheDocument();
  expect(card.getByRole('heading', { level: 3, name: 'Tuesday evening group' })).toBeInTheDocument();
  expect(card.getByText('Every Tuesday, 6 pm')).toBeInTheDocument();
  expect(card.getByText('45 min')).toBeInTheDocument();
  expect(card.getByRole('heading', { level: 2, name: 'What to bring' })).toBeInTheDocument();
  expect(card.getByText('food log').tagName).toBe('STRONG');
  expect(card.getByRole('link', { name: 'the guide' })).toHaveAttribute('href', 'https://example.test/guide');
  expect(card.getByRole('listitem')).toHaveTextContent('Water');
  expect(screen.getByTestId('patient-preview').querySelector('img')).toHaveAttribute('src', '/uploads/101/0123456789abcdef0123456789abcdef.jpg');
  expect(card.getByRole('link', { name: 'Online meeting link' })).toHaveAttribute('href', 'https://meet.example.test/tuesday');
  expect(card.getByRole('link', { name: 'Watch video' })).toHaveAttribute('href', 'https://video.example.test/welcome');
  expect(card.getByRole('link', { name: 'Call 312-555-0113' })).toHaveAttribute('href', 'tel:+13125550113');
  expect(card.getByRole('link', { name: 'E-mail group@example.test' })).toHaveAttribute('href', 'mailto:group@example.test');
  expect(card.getByText('12 Lake St, Chicago')).toBeInTheDocument();
  expect(card.getByRole('link', { name: 'Directions' }).getAttribute('href')).toContain(encodeURIComponent('12 Lake St, Chicago'));
  for (const link of card.getAllByRole('link')) expect(link).toHaveAttribute('target', '_blank');
});

test('an empty item says what the preview is for; an unfinished address gives a button without a target', async () => {
  const first = await renderScreen(<PatientPreview item={{}} />);
  expect(within(preview()).getByText(/Nothing to show yet/)).toBeInTheDocument();
  first.unmount();

  await renderScreen(<PatientPreview item={{ title: 'Our shop', link: 'www.shop' }} />);
  expect(within(preview()).getByRole('button', { name: 'Open link' })).toBeDisabled();
  expect(within(preview()).queryByRole('link')).not.toBeInTheDocument();
});

test('the rich text keeps the allow-list only: no script, handler, style or foreign link scheme', async () => {
  const html =
    '<p onclick="alert(1)" style="color:red">Hi<script>alert(2)</script><img src="x" onerror="alert(3)">' +
    '<a href="javascript:alert(4)">bad</a><a href="mailto:team@example.test">mail</a></p>' +
    '<iframe src="https://evil.test"></iframe><custom-tag>kept text</custom-tag><img src="/uploads/101/private/secret.png">' +
    '<img src="https://cdn.example.test/a.png" alt="Plate">';
  await renderScreen(<PatientPreview item={{ body: html }} />);
  const card = screen.getByTestId('patient-preview');
  expect(card.innerHTML).not.toMatch(/script|onclick|onerror|style=|iframe|javascript|private|alert/);
  expect(within(card).getByText('bad').closest('a')).not.toHaveAttribute('href');
  expect(within(card).getByRole('link', { name: 'mail' })).toHaveAttribute('href', 'mailto:team@example.test');
  expect(within(card).getByText('kept text')).toBeInTheDocument();
  expect(within(card).getByRole('img', { name: 'Plate' })).toHaveAttribute('src', 'https://cdn.example.test/a.png');
  expect(richTextNodes('<table><tr><td colspan="2">Cell</td></tr></table>')).toHaveLength(1);
});

test('a form being filled in maps to the app item: a new upload key, a kept image, a removed one', () => {
  const values = { title: 'Protein first', subtitle: '', body: '<p>Eat protein first.</p>', duration_minutes: '12', image: undefined };
  expect(previewOfValues(values, '/uploads/101/old.png')).toMatchObject({ title: 'Protein first', subtitle: null, duration_minutes: 12, image: '/uploads/101/old.png' });
  expect(previewOfValues({ ...values, image: '101/new.png' }, '/uploads/101/old.png').image).toBe('/uploads/101/new.png');
  expect(previewOfValues({ ...values, image: null }, '/uploads/101/old.png').image).toBeNull();
  expect(previewOfValues({ ...values, duration_minutes: '' }).duration_minutes).toBeNull();
});
