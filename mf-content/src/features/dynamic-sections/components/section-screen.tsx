import { Link as RouterLink } from 'react-router-dom';
import { useAppStore } from '@baridesk/store';
import { Badge, Button, HStack, PageFrame, Stack } from '@baridesk/ui';
import { RecordBody, ResourceList, ResourcePartition } from '@baridesk/ui/resources';
import { sectionItemsView, sectionPaths, sectionView } from '../dynamic-sections-views';
import { SectionSettings, type SectionRecord } from './section-settings';
import { useSectionOf } from './use-section';

function SectionContent({ section }: { section: SectionRecord }) {
  const isSubUser = useAppStore((state) => state.user?.type === 'sub_user');
  return (
    <Stack gap="5">
      <HStack justify="space-between" gap="3" wrap="wrap">
        <HStack gap="2" wrap="wrap">
          {section.status === 1 ? null : (
            <Badge colorPalette="gray" variant="surface">
              Inactive: hidden from the sidebar and the app
            </Badge>
          )}
          <Button asChild size="sm" variant="outline" colorPalette="gray">
            <RouterLink to={sectionPaths.categories(section.id)}>Categories</RouterLink>
          </Button>
          <Button asChild size="sm" variant="outline" colorPalette="gray">
            <RouterLink to={sectionPaths.subCategories(section.id)}>Sub-categories</RouterLink>
          </Button>
        </HStack>
        {isSubUser ? <SectionSettings section={section} /> : null}
      </HStack>
      <ResourcePartition values={{ section_id: section.id }}>
        <ResourceList view={sectionItemsView(section.id)} />
      </ResourcePartition>
    </Stack>
  );
}

/**
 * /dynamic-content-section/:id (the spec's DynamicContentSection): the section's items under its name,
 * with Add Item, the ways to its categories and sub-categories, and, for the sub user, the section's
 * own controls (Active, Rename, Order of sections, Delete).
 */
export default function SectionScreen() {
  const { id, query } = useSectionOf('id');
  const section = query.data;
  return (
    <PageFrame
      title={section?.name ?? 'Dynamic Content Section'}
      actions={
        section ? (
          <Button asChild>
            <RouterLink to={sectionPaths.addItem(section.id)}>Add Item</RouterLink>
          </Button>
        ) : null
      }
    >
      <RecordBody view={sectionView} id={id} query={query} render={(record) => (record ? <SectionContent section={record as SectionRecord} /> : null)} />
    </PageFrame>
  );
}
