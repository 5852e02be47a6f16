import { Link as RouterLink, Route, Routes } from 'react-router-dom';
import { Link, PageFrame, Text } from '@baridesk/ui';
import { ResourceFormScreen, ResourceShowScreen } from '@baridesk/ui/resources';
import { CARDS_TROPHIES_PATH, cardPaths, cardsTrophiesView } from '../cards-trophies-view';
import CardsTrophiesListScreen from './cards-trophies-list-screen';

/** An address below /admin/cards-trophies that names no screen. */
function UnknownPage() {
  return (
    <PageFrame title="Page not found">
      <Text role="alert">
        There is no such cards page.{' '}
        <Link asChild>
          <RouterLink to={CARDS_TROPHIES_PATH}>Back to the cards</RouterLink>
        </Link>
      </Text>
    </PageFrame>
  );
}

/** /admin/cards-trophies/* (permission cards_and_trophies): the spec's list, store, :id/edit and :id/show. */
export default function CardsTrophiesArea() {
  return (
    <Routes>
      <Route index element={<CardsTrophiesListScreen />} />
      <Route path="store" element={<ResourceFormScreen view={cardsTrophiesView} afterSave={(card) => cardPaths.show(card.id)} />} />
      <Route path=":id/edit" element={<ResourceFormScreen view={cardsTrophiesView} afterSave={(card) => cardPaths.show(card.id)} cancelTo={cardPaths.show} />} />
      <Route path=":id/show" element={<ResourceShowScreen view={cardsTrophiesView} />} />
      <Route path="*" element={<UnknownPage />} />
    </Routes>
  );
}
