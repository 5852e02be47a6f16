import { useState } from 'react';
import { screen } from '@testing-library/react';
import { RecurrenceFields } from './recurrence-fields';
import { renderUi } from './test/render-ui';

function Harness({ initial = null, error }: { initial?: string | null; error?: string }) {
  const [rrule, setRrule] = useState<string | null>(initial);
  return (
    <>
      <RecurrenceFields value={rrule} onChange={setRrule} firstDay="2027-03-02" error={error} />
      <p data-testid="rrule">{rrule ?? 'none'}</p>
      <button type="button" onClick={() => setRrule('FREQ=MONTHLY;UNTIL=20271231T235959')}>
        Load
      </button>
    </>
  );
}

test('builds a weekly rule on chosen days, every N weeks, ending after a number of times, said in words', async () => {
  const { user } = await renderUi(<Harness />);
  expect(screen.getByTestId('repeat-summary')).toHaveTextContent('Repeats: Once');
  await user.selectOptions(screen.getByLabelText('Repeat'), 'weekly');
  expect(screen.getByTestId('rrule')).toHaveTextContent('FREQ=WEEKLY');
  // Without days, a weekly rule falls on the first day's weekday (2 March 2027 is a Tuesday).
  expect(screen.getByTestId('repeat-summary')).toHaveTextContent('Repeats: Every week on Tuesday');
  await user.click(screen.getByRole('checkbox', { name: 'Tuesday' }));
  await user.click(screen.getByRole('checkbox', { name: 'Thursday' }));
  await user.clear(screen.getByLabelText('Every (week(s))'));
  await user.type(screen.getByLabelText('Every (week(s))'), '2');
  await user.click(screen.getByRole('radio', { name: 'After a number of times' }));
  await user.type(screen.getByLabelText('Number of times'), '6');
  expect(screen.getByTestId('rrule')).toHaveTextContent('FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH;COUNT=6');
  expect(screen.getByRole('status')).toHaveTextContent('Repeats: Every 2 weeks on Tuesday and Thursday, 6 times');
});

test('ends on a date typed as MM/dd/yyyy, and goes back to none', async () => {
  const { user } = await renderUi(<Harness initial="FREQ=DAILY" />);
  expect(screen.getByLabelText('Repeat')).toHaveValue('daily');
  expect(screen.getByRole('radio', { name: 'Never' })).toBeChecked();
  await user.click(screen.getByRole('radio', { name: 'On a date' }));
  await user.type(screen.getByRole('textbox', { name: 'End date' }), '03/30/2027');
  await user.tab();
  expect(screen.getByTestId('rrule')).toHaveTextContent('FREQ=DAILY;UNTIL=20270330T235959');
  expect(screen.getByTestId('repeat-summary')).toHaveTextContent('Every day, until 2027-03-30');
  await user.selectOptions(screen.getByLabelText('Repeat'), 'none');
  expect(screen.getByTestId('rrule')).toHaveTextContent('none');
  expect(screen.queryByRole('group', { name: 'Ends' })).not.toBeInTheDocument();
});

test('takes a rule set from outside (a loaded record) and shows an error under the fields', async () => {
  const { user } = await renderUi(<Harness error="The repeat rule may have COUNT or UNTIL, not both." />);
  await user.click(screen.getByRole('button', { name: 'Load' }));
  expect(screen.getByLabelText('Repeat')).toHaveValue('monthly');
  expect(screen.getByRole('radio', { name: 'On a date' })).toBeChecked();
  expect(screen.getByRole('textbox', { name: 'End date' })).toHaveValue('12/31/2027');
  expect(screen.getByTestId('repeat-summary')).toHaveTextContent('Every month on the 2nd, until 2027-12-31');
  expect(screen.getByText('The repeat rule may have COUNT or UNTIL, not both.')).toBeInTheDocument();
});
