import { chakra } from '@chakra-ui/react';
import { screen } from '@testing-library/react';
import { DetailRow } from './detail-row';
import { renderUi } from './test/render-ui';

test('pairs each term with its value in a description list', async () => {
  await renderUi(
    <chakra.dl>
      <DetailRow term="Name">Maria Lopez</DetailRow>
      <DetailRow term="Phone">312-555-0142</DetailRow>
    </chakra.dl>,
  );
  expect(screen.getAllByRole('term').map((term) => term.textContent)).toEqual(['Name', 'Phone']);
  expect(screen.getAllByRole('definition').map((value) => value.textContent)).toEqual(['Maria Lopez', '312-555-0142']);
  expect(screen.getByText('Name').nextElementSibling).toHaveTextContent('Maria Lopez');
});
