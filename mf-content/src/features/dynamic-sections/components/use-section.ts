import { useParams } from 'react-router-dom';
import { dynamicSectionResource } from '@baridesk/contracts';
import { recordIdOf, useResourceRecord } from '@baridesk/ui/resources';
import type { SectionRecord } from './section-settings';

/** The section an address names by `param` (`:id` or `:sectionId`): its id (null when not one) and its record. */
export function useSectionOf(param: 'id' | 'sectionId') {
  const id = recordIdOf(useParams()[param]) ?? null;
  return { id, query: useResourceRecord<SectionRecord>(dynamicSectionResource, id) };
}
