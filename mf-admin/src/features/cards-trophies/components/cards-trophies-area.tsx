import { Route, Routes } from 'react-router-dom';
import { AreaNotFound } from '@baridesk/ui';
import { ResourceFormScreen, ResourceShowScreen } from '@baridesk/ui/resources';
import { CARDS_TROPHIES_PATH, cardPaths, cardsTrophiesView } from '../cards-trophies-view';
import CardsTrophiesListScreen from './cards-trophies-list-screen';

/** An address below the area that names none of its screens. */
const unknownPage = <AreaNotFound area="cards" backTo={CARDS_TROPHIES_PATH} backLabel="Back to the cards" />;

/** /admin/cards-trophies/* (permission cards_and_trophies): the spec's list, store, :id/edit and :id/show. */
export default function CardsTrophiesArea() {
  return (
    <Routes>
      <Route index element={<CardsTrophiesListScreen />} />
      <Route path="store" element={<ResourceFormScreen view={cardsTrophiesView} afterSave={(card) => cardPaths.show(card.id)} />} />
      <Route path=":id/edit" element={<ResourceFormScreen view={cardsTrophiesView} afterSave={(card) => cardPaths.show(card.id)} cancelTo={cardPaths.show} />} />
      <Route path=":id/show" element={<ResourceShowScreen view={cardsTrophiesView} />} />
      <Route path="*" element={unknownPage} />
    </Routes>
  );
}
