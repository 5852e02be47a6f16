import { useParams } from 'react-router-dom';

/** The `:id` of /checklists/:id as a patient id; null when the address names none (not a positive whole number). */
export function usePatientId(): number | null {
  const { id = '' } = useParams();
  return /^\d{1,10}$/.test(id) && Number(id) > 0 && Number(id) <= 2_147_483_647 ? Number(id) : null;
}
