import { PageFrame } from '@baridesk/ui';
import { RecordBody, ResourceListScreen, type ResourceView } from '@baridesk/ui/resources';
import { sectionCategoriesView, sectionPaths, sectionSubCategoriesView, sectionView } from '../dynamic-sections-views';
import type { SectionRecord } from './section-settings';
import { useSectionOf } from './use-section';

/** A section's categories or sub-categories: the kit's list in the section's partition, below the section. */
function SectionListScreen({ viewOf, title }: { viewOf: (sectionId: number) => ResourceView; title: string }) {
  const { id, query } = useSectionOf('sectionId');
  const section = query.data;
  if (section) {
    return (
      <ResourceListScreen
        view={viewOf(section.id)}
        partition={{ section_id: section.id }}
        breadcrumbs={[{ label: section.name, to: sectionPaths.section(section.id) }, { label: title }]}
      />
    );
  }
  // Until the section has come (or when the address names none): its loading, failure or wrong address.
  return (
    <PageFrame title={title}>
      <RecordBody view={sectionView} id={id} query={query} render={() => null} />
    </PageFrame>
  );
}

/** /dynamic-section-category/:sectionId */
export const SectionCategoriesScreen = () => <SectionListScreen viewOf={sectionCategoriesView} title="Categories" />;

/** /dynamic-section-sub-category/:sectionId */
export const SectionSubCategoriesScreen = () => <SectionListScreen viewOf={sectionSubCategoriesView} title="Sub-categories" />;

export type { SectionRecord };
