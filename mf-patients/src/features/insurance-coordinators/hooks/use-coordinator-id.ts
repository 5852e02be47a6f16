import { useParams } from 'react-router-dom';

/** The `:id` of the route as a coordinator id; null when the address names none (not a positive whole number). */
export function useCoordinatorId(): number | null {
  const { id = '' } = useParams();
  return /^\d+$/.test(id) && Number(id) > 0 ? Number(id) : null;
}
