import { quoteResource } from '@baridesk/contracts';
import { formatDate } from '@baridesk/domain';
import { defineResourceView } from '@baridesk/ui/resources';

const quoteOf = (quote: { date_quote: string }) => `quote of ${formatDate(quote.date_quote)}`;

/** The Quotes screen: the quote of the day for every date, for all programs, newest date first. */
export const quotesView = defineResourceView({
  resource: quoteResource,
  defaultDirection: 'desc',
  // A quote is known by its day.
  nameOf: quoteOf,
  columns: ['date_quote', 'description', 'status', 'actions'],
  fields: { date_quote: { helperText: 'One quote per day.' } },
  deleteQuestion: (quote) => ({ title: 'Delete quote', message: `Delete the ${quoteOf(quote)}? Patients will see no quote that day.` }),
});
