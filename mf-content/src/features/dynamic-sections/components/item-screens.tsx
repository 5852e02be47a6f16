import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { dynamicSectionItemResource } from '@baridesk/contracts';
import { Button, Card, chakra, HStack, PageFrame, Stack } from '@baridesk/ui';
import { BadAddress } from '@baridesk/ui/lists';
import {
  RecordBody,
  ResourceDetails,
  ResourceFields,
  ResourcePartition,
  SAVE_CHANGES,
  recordIdOf,
  useRecordIdParam,
  useResourceForm,
  useResourceRecord,
  type ResourceRecord,
} from '@baridesk/ui/resources';
import { FormPreview, PatientPreview, WithPreview } from '../../preview/components/patient-preview';
import { previewOfRecord } from '../../preview/preview-item';
import { sectionItemsView, sectionPaths, sectionView } from '../dynamic-sections-views';
import type { SectionRecord } from './section-settings';
import { useSectionOf } from './use-section';

type ItemRecord = ResourceRecord & { title: string; section_id: number; image?: string | null };

/** The item's form with the live preview beside it; saving goes back to the section's items. */
function ItemForm({ section, item }: { section: SectionRecord; item: ItemRecord | undefined }) {
  const navigate = useNavigate();
  const view = sectionItemsView(section.id);
  const back = sectionPaths.section(section.id);
  const { form, submit, submitting } = useResourceForm(view, item, { onSaved: () => navigate(back) });
  return (
    <chakra.form onSubmit={submit} noValidate>
      <Stack gap="5">
        <WithPreview
          preview={<FormPreview form={form} storedImage={typeof item?.image === 'string' ? item.image : null} menuLabel={section.name} />}
        >
          <ResourceFields view={view} form={form} record={item} />
        </WithPreview>
        <HStack gap="2">
          <Button type="submit" loading={submitting}>
            {item ? SAVE_CHANGES : 'Add Item'}
          </Button>
          <Button asChild variant="outline" colorPalette="gray">
            <RouterLink to={item ? sectionPaths.showItem(item.id) : back}>Cancel</RouterLink>
          </Button>
        </HStack>
      </Stack>
    </chakra.form>
  );
}

/**
 * /dynamic-section-item/store/:sectionId and /dynamic-section-item/:sectionId/edit/:itemId: an item's
 * form in its section (the section's name leads back to its items). An item of another section, or
 * none, is a wrong address.
 */
export function ItemFormScreen() {
  const { id: sectionId, query: sectionQuery } = useSectionOf('sectionId');
  const params = useParams();
  const editing = params.itemId !== undefined;
  const itemId = editing ? (recordIdOf(params.itemId) ?? null) : null;
  const itemQuery = useResourceRecord<ItemRecord>(dynamicSectionItemResource, itemId);
  const view = sectionId === null ? null : sectionItemsView(sectionId);
  const section = sectionQuery.data;
  const title = editing ? 'Edit Item' : 'Add Item';
  return (
    <PageFrame title={title} breadcrumbs={section ? [{ label: section.name, to: sectionPaths.section(section.id) }, { label: title }] : undefined}>
      <RecordBody
        view={sectionView}
        id={sectionId}
        query={sectionQuery}
        render={(loaded) => {
          const shown = loaded as SectionRecord | undefined;
          if (!shown || !view) return null;
          const form = (item?: ItemRecord) => (
            <ResourcePartition values={{ section_id: shown.id }}>
              <ItemForm key={item?.id ?? 'new'} section={shown} item={item} />
            </ResourcePartition>
          );
          if (!editing) return form();
          return (
            <RecordBody
              view={view}
              id={itemId}
              query={itemQuery}
              render={(record) => {
                const item = record as ItemRecord | undefined;
                if (!item) return null;
                return item.section_id === shown.id ? (
                  form(item)
                ) : (
                  <BadAddress message="This address names no item of this section." back={{ to: sectionPaths.section(shown.id), label: `Back to ${shown.name}` }} />
                );
              }}
            />
          );
        }}
      />
    </PageFrame>
  );
}

/** /dynamic-section-item/:id/show: an item's values beside its preview as patients see it, with Edit. */
export function ItemShowScreen() {
  const id = useRecordIdParam() ?? null;
  const itemQuery = useResourceRecord<ItemRecord>(dynamicSectionItemResource, id);
  const item = itemQuery.data;
  const sectionQuery = useResourceRecord<SectionRecord>(sectionView.resource, item?.section_id ?? null);
  const section = sectionQuery.data;
  const title = item?.title ?? 'Item';
  return (
    <PageFrame
      title={title}
      breadcrumbs={section ? [{ label: section.name, to: sectionPaths.section(section.id) }, { label: title }] : undefined}
      actions={
        item ? (
          <Button asChild>
            <RouterLink to={sectionPaths.editItem(item.section_id, item.id)}>Edit</RouterLink>
          </Button>
        ) : null
      }
    >
      <RecordBody
        view={sectionItemsView(item?.section_id ?? 0)}
        id={id}
        query={itemQuery}
        render={(record) => {
          const shown = record as ItemRecord | undefined;
          if (!shown) return null;
          return (
            <WithPreview preview={<PatientPreview item={previewOfRecord(shown)} menuLabel={section?.name} />}>
              <Card.Root>
                <Card.Body>
                  <ResourceDetails view={sectionItemsView(shown.section_id)} record={shown} />
                </Card.Body>
              </Card.Root>
            </WithPreview>
          );
        }}
      />
    </PageFrame>
  );
}
