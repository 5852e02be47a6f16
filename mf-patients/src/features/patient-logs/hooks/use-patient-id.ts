import { useParams } from 'react-router-dom';

/** The patient id of the address (/food-log/:id …); null when it names none. */
export function usePatientId(): number | null {
  const { id } = useParams();
  if (!id || !/^\d{1,15}$/.test(id)) return null;
  const value = Number(id);
  return Number.isSafeInteger(value) && value > 0 ? value : null;
}
