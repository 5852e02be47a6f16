import { useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { ContentListType } from '@baridesk/contracts';
import { PageFrame } from '@baridesk/ui';
import {
  RecordBody,
  ResourcePartition,
  ResourceShowScreen,
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
  return (
    <ResourceShowScreen
      view={view}
      partition={partitionOf(type)}
      frame={(shown, details) => (
        <WithPreview preview={<PatientPreview item={previewOfRecord(shown)} menuLabel={type.label} labels={type.fields} />}>{details}</WithPreview>
      )}
    />
  );
}
