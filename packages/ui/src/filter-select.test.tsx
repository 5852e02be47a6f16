import { screen } from '@testing-library/react';
import { renderUi } from './test/render-ui';
import { FilterSelect } from './filter-select';

const options = [
  { value: '1', label: 'Active' },
  { value: '0', label: 'Inactive' },
];

test('offers "any" first, then the options, and says what was chosen', async () => {
  const onChange = jest.fn();
  const { user } = await renderUi(<FilterSelect label="Status" anyLabel="All statuses" value="" options={options} onChange={onChange} />);
  const select = screen.getByRole('combobox', { name: 'Status' });
  expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['All statuses', 'Active', 'Inactive']);
  await user.selectOptions(select, 'Inactive');
  expect(onChange).toHaveBeenCalledWith('0');
});

test('keeps a restored value the options no longer hold, so it can be cleared', async () => {
  await renderUi(<FilterSelect label="Tag" hideLabel value="99" options={options} onChange={jest.fn()} />);
  expect(screen.getByRole('combobox', { name: 'Tag' })).toHaveValue('99');
});
