import { useSearchParams } from 'react-router-dom';
import { monthFromParams, type Month } from '../utils/months';

/**
 * The month a report shows, kept in the address (?month=3&year=2026) so reloading, sharing the link
 * and Back keep it. Without it the server answers the current month of the program's time zone.
 */
export function useLogMonth() {
  const [params, setParams] = useSearchParams();
  const month = monthFromParams(params);
  const setMonth = (next: Month) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.set('month', String(next.month));
        updated.set('year', String(next.year));
        return updated;
      },
      { replace: false },
    );
  return { month, setMonth };
}
