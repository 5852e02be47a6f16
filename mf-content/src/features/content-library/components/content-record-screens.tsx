import { useMemo } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import type { ContentListType } from '@baridesk/contracts';
import { Button, Card, PageFrame } from '@baridesk/ui';
import {
  RecordBody,
  ResourceDetails,
  ResourcePartition,
  recordNamer,
  resourceTexts,
  useRecordIdParam,
  useResourceRecord,
  type ResourceRecord,
} from '@baridesk/ui/resources';
import { PatientPreview, WithPreview } from '../../preview/components/patient-preview';
import { previewOfRecord } from '../../preview/preview-item';
import { contactGroupOf, contentItemView, partitionOf } from '../content-library-views';
import { ContentFormPage } from './content-form';
import { useSpecialProgram } from './content-list-screen';

/**
 * A type's add and edit page (the registry's store and edit paths): the form with the live preview
 * beside it. Saving goes to the item's page when the type has one, else to the list.
 */
export function ContentFormScreen({ type }: { type: ContentListType }) {
  const special = useSpecialProgram();
  const view = contentItemView(type, special);
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const id = useRecordIdParam();
  const query = useResourceRecord<ResourceRecord>(view.resource, id ?? null);
  const texts = resourceTexts(view.resource, view.words, view.texts);
  const listPath = type.screens.list;
  const showPath = view.showPath;
  const title = id === undefined ? texts.addTitle : texts.editTitle;
  // A contact added from one of the special program's groups (/contacts/store?weightLossType=1) starts in it.
  const group = special && type.key === 'contacts' ? contactGroupOf(search.get('weightLossType')) : undefined;
  const preset = useMemo(() => (group ? { weight_loss_type: String(group.value) } : undefined), [group]);
  return (
    <ResourcePartition values={partitionOf(type)}>
      <PageFrame title={title} breadcrumbs={[{ label: texts.title, to: listPath }, { label: title }]}>
        <RecordBody
          view={view}
          id={id}
          query={query}
          render={(record) => (
            <ContentFormPage
              key={record?.id ?? 'new'}
              view={view}
              type={type}
              record={record}
              preset={preset}
              cancelTo={record && showPath ? showPath(record.id) : listPath}
              onSaved={(saved) => navigate(showPath ? showPath(saved.id) : listPath)}
            />
          )}
        />
      </PageFrame>
    </ResourcePartition>
  );
}

/** A type's item page (the registry's show path): its values, and beside them the item as patients see it; Edit. */
export function ContentShowScreen({ type }: { type: ContentListType }) {
  const special = useSpecialProgram();
  const view = contentItemView(type, special);
  const id = useRecordIdParam();
  const query = useResourceRecord<ResourceRecord>(view.resource, id ?? null);
  const texts = resourceTexts(view.resource, view.words, view.texts);
  const record = query.data;
  const title = record ? recordNamer(view)(record) : type.singular;
  const form = view.form;
  return (
    <PageFrame
      title={title}
      breadcrumbs={[{ label: texts.title, to: type.screens.list }, { label: title }]}
      actions={
        <>
          <Button asChild variant="outline" colorPalette="gray">
            <RouterLink to={type.screens.list}>{texts.allRecords}</RouterLink>
          </Button>
          {record && form?.mode === 'page' ? (
            <Button asChild>
              <RouterLink to={form.path(record.id)}>Edit</RouterLink>
            </Button>
          ) : null}
        </>
      }
    >
      <RecordBody
        view={view}
        id={id ?? null}
        query={query}
        render={(shown) =>
          shown ? (
            <WithPreview preview={<PatientPreview item={previewOfRecord(shown)} menuLabel={type.label} labels={type.fields} />}>
              <Card.Root>
                <Card.Body>
                  <ResourceDetails view={view} record={shown} />
                </Card.Body>
              </Card.Root>
            </WithPreview>
          ) : null
        }
      />
    </PageFrame>
  );
}
