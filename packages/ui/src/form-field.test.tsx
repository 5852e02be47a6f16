import { screen } from '@testing-library/react';
import { FormField } from './form-field';
import { renderUi } from './test/render-ui';

test('labels the control and links helper and error texts by aria-describedby', async () => {
  await renderUi(
    <FormField label="Notes" helperText="Shown to staff only" error="Notes is required." required>
      {({ id, describedBy, invalid }) => <textarea id={id} aria-describedby={describedBy} aria-invalid={invalid} />}
    </FormField>,
  );
  const control = screen.getByRole('textbox', { name: /Notes/ });
  expect(control).toHaveAccessibleDescription('Shown to staff only Notes is required.');
  expect(control).toHaveAttribute('aria-invalid', 'true');
  expect(screen.getByText('*')).toHaveAttribute('aria-hidden');
});

test('without an error there is no error text and the control is valid', async () => {
  await renderUi(<FormField label="Notes">{({ id, describedBy }) => <textarea id={id} aria-describedby={describedBy} />}</FormField>);
  const control = screen.getByRole('textbox', { name: 'Notes' });
  expect(control).not.toHaveAttribute('aria-describedby');
  expect(screen.queryByText('*')).not.toBeInTheDocument();
});
