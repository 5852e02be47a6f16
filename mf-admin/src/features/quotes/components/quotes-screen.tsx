import { ResourceListScreen } from '@baridesk/ui/resources';
import { quotesView } from '../quotes-view';

/** /admin/quotes: the quote of the day for every date, for all programs. */
export default function QuotesScreen() {
  return <ResourceListScreen view={quotesView} />;
}
