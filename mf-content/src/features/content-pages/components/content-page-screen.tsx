import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { CONTENT_PAGE_DEFINITIONS, contentTypeOf, type ContentPage, type ContentPageDefinition, type ContentPageKey } from '@baridesk/contracts';
import { formatDate } from '@baridesk/domain';
import { Button, chakra, DetailRow, Link, PageFrame, Skeleton, Stack, Text } from '@baridesk/ui';
import { LoadError } from '@baridesk/ui/lists';
import { PatientPreview, WithPreview } from '../../preview/components/patient-preview';
import { previewOfRecord } from '../../preview/preview-item';
import { useContentPage } from '../api/content-page';
import { ContentPageForm } from './content-page-form';

/** A page type of the registry with its definition and paths. */
function pageTypeOf(key: ContentPageKey) {
  const type = contentTypeOf(key);
  if (type?.shape !== 'page') throw new Error(`${key} is not a page type.`);
  return { type, definition: CONTENT_PAGE_DEFINITIONS[key] };
}

/** The page as the program has saved it: the app's view of it, what it links to and when it was saved. */
function PageView({ page, definition }: { page: ContentPage; definition: ContentPageDefinition }) {
  const link = definition.fields.link;
  return (
    <WithPreview preview={<PatientPreview item={previewOfRecord(page)} menuLabel={definition.label} labels={{ link }} />}>
      <Stack gap="4">
        {page.updated_at ? (
          <Text>{`This is how ${definition.label} appears in your patients’ app.`}</Text>
        ) : (
          <Text>{`${definition.label} has not been set up yet: patients see nothing here until it is saved. Choose Edit to fill it in.`}</Text>
        )}
        <chakra.dl>
          {definition.fields.title ? <DetailRow term={definition.fields.title.label}>{page.title ?? 'Not set'}</DetailRow> : null}
          {link ? (
            <DetailRow term={link.label}>
              {page.link ? (
                <Link href={page.link} target="_blank" rel="noopener noreferrer" wordBreak="break-all">
                  {page.link}
                </Link>
              ) : (
                'Not set'
              )}
            </DetailRow>
          ) : null}
          <DetailRow term="Last saved">{page.updated_at ? formatDate(page.updated_at) : 'Never'}</DetailRow>
        </chakra.dl>
      </Stack>
    </WithPreview>
  );
}

function Loading({ label }: { label: string }) {
  return (
    <Stack gap="3" role="status" aria-label={`Loading ${label}`}>
      <Skeleton height="8" width="60%" />
      <Skeleton height="48" />
    </Stack>
  );
}

/**
 * A page type's screen (its show path): the page as patients will see it, with Edit. The form opens in
 * place, or at the type's own edit path when it has one (the shop's /shop/edit).
 */
function ContentPageShowScreen({ pageKey }: { pageKey: ContentPageKey }) {
  const { type, definition } = pageTypeOf(pageKey);
  const query = useContentPage(definition);
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  // Back from the form, the focus returns to Edit (the form, and the button that had it, are gone).
  useEffect(() => {
    if (wasEditing.current && !editing) editButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);
  const editPath = 'edit' in type.screens ? type.screens.edit : undefined;

  const actions =
    query.data && !editing ? (
      editPath ? (
        <Button asChild>
          <RouterLink to={editPath}>Edit</RouterLink>
        </Button>
      ) : (
        <Button ref={editButton} onClick={() => setEditing(true)}>
          Edit
        </Button>
      )
    ) : undefined;

  return (
    <PageFrame title={editing ? `Edit ${type.label}` : type.label} actions={actions}>
      {query.isError ? (
        <LoadError title={`${type.label} could not be loaded.`} message={query.error.message} onRetry={() => void query.refetch()} />
      ) : query.isPending ? (
        <Loading label={type.label} />
      ) : editing ? (
        <ContentPageForm
          definition={definition}
          page={query.data}
          menuLabel={type.label}
          focusFirst
          onSaved={() => setEditing(false)}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <PageView page={query.data} definition={definition} />
      )}
    </PageFrame>
  );
}

/** A page type's own edit path (the shop's /shop/edit): the form, back to the page after saving. */
function ContentPageEditScreen({ pageKey }: { pageKey: ContentPageKey }) {
  const { type, definition } = pageTypeOf(pageKey);
  const query = useContentPage(definition);
  const navigate = useNavigate();
  const back = () => navigate(type.screens.show);
  return (
    <PageFrame title={`Edit ${type.label}`} breadcrumbs={[{ label: type.label, to: type.screens.show }, { label: 'Edit' }]}>
      {query.isError ? (
        <LoadError title={`${type.label} could not be loaded.`} message={query.error.message} onRetry={() => void query.refetch()} />
      ) : query.isPending ? (
        <Loading label={type.label} />
      ) : (
        <ContentPageForm definition={definition} page={query.data} menuLabel={type.label} focusFirst onSaved={back} onCancel={back} />
      )}
    </PageFrame>
  );
}

/** The screen of a page type at its show or edit path (mf-content's routes). */
export function contentPageScreen(pageKey: ContentPageKey, mode: 'show' | 'edit') {
  const Screen = () => (mode === 'show' ? <ContentPageShowScreen pageKey={pageKey} /> : <ContentPageEditScreen pageKey={pageKey} />);
  Screen.displayName = `ContentPage(${pageKey}, ${mode})`;
  return Screen;
}
