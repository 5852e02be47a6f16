import { useId, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Button, Card, chakra, Heading, Image, Stack, Text } from '@chakra-ui/react';
import { fieldSections, type AnyResource, type PartitionValues, type ResourceField } from '@baridesk/contracts';
import { formatAmount, formatDate, formatPhone } from '@baridesk/domain';
import { DetailRow } from '../detail-row';
import { PageFrame } from '../page-frame';
import { useResourceRecord, type ResourceRecord } from './resource-calls';
import { flagWord, StatusBadge } from './resource-columns';
import { RecordBody, useRecordIdParam } from './resource-form';
import { recordNamer } from './resource-list';
import { ResourcePartition } from './resource-partition';
import { resourceTexts } from './resource-texts';
import type { DetailSpec, ResourceView } from './resource-view';

const NOT_GIVEN = 'Not given';

/** A field's whole value on the show page, by its kind. */
function detailOf(field: ResourceField, value: unknown): ReactNode {
  if (value === null || value === undefined || value === '') return NOT_GIVEN;
  switch (field.kind) {
    case 'date':
      return formatDate(String(value));
    case 'phone':
      return formatPhone(String(value));
    case 'number':
      return formatAmount(Number(value));
    case 'image':
      return <Image src={String(value)} alt={field.label} maxH="48" width="auto" borderRadius="md" />;
    case 'flag':
      return flagWord(value);
    case 'textarea':
      return <Text whiteSpace="pre-wrap">{String(value)}</Text>;
    case 'richText':
      // The words only: the list and this page never put stored markup into the page.
      return <Text whiteSpace="pre-wrap">{String(value).replace(/<[^>]*>/g, ' ').replace(/[ \t]+/g, ' ').trim()}</Text>;
    default:
      return String(value);
  }
}

const defaultDetailKeys = (resource: AnyResource) => [
  ...Object.keys(resource.fields),
  ...resource.categoryFields.map((category) => category.field),
  ...(resource.status ? ['status'] : []),
  'created_at',
  'updated_at',
];

function detailRow(spec: DetailSpec<ResourceRecord>, view: ResourceView, record: ResourceRecord): { term: string; value: ReactNode } {
  const { resource } = view;
  if (typeof spec !== 'string') return { term: spec.term, value: spec.render(record) };
  if (spec === 'status') return { term: 'Status', value: <StatusBadge status={record.status} /> };
  if (spec === 'created_at' || spec === 'updated_at') return { term: spec === 'created_at' ? 'Added' : 'Updated', value: formatDate(String(record[spec] ?? '')) };
  const category = resource.categoryFields.find((candidate) => candidate.field === spec || candidate.nameKey === spec);
  if (category) return { term: category.label, value: String(record[category.nameKey] ?? NOT_GIVEN) };
  const field = resource.fields[spec];
  if (!field) throw new Error(`${resource.labels.plural}: the detail "${spec}" is no field; give the view the whole row.`);
  return { term: view.fields?.[spec]?.label ?? field.label, value: detailOf(field, record[spec]) };
}

function DetailList({ rows }: { rows: { term: string; value: ReactNode }[] }) {
  return (
    <chakra.dl>
      {rows.map(({ term, value }) => (
        <DetailRow key={term} term={term}>
          {value}
        </DetailRow>
      ))}
    </chakra.dl>
  );
}

/** A group's rows under its heading, in a section the heading names. */
function DetailGroup({ heading, rows }: { heading: string; rows: { term: string; value: ReactNode }[] }) {
  const headingId = useId();
  return (
    <chakra.section aria-labelledby={headingId}>
      <Heading as="h2" id={headingId} size="sm" mb="1">
        {heading}
      </Heading>
      <DetailList rows={rows} />
    </chakra.section>
  );
}

/**
 * A record's values as a term/value list: the view's rows, or every field, category, status and date.
 * The rows of a group's fields stand together under its heading (a section named by it), as on the form.
 */
export function ResourceDetails({ view, record }: { view: ResourceView; record: ResourceRecord }) {
  const specs = (view.details as readonly DetailSpec<ResourceRecord>[] | undefined) ?? defaultDetailKeys(view.resource);
  const sections = fieldSections(
    specs.map((spec, index) => [String(index), { group: typeof spec === 'string' ? view.resource.fields[spec]?.group : undefined }] as const),
  );
  const rowsOf = (names: string[]) => names.map((index) => detailRow(specs[Number(index)]!, view, record));
  if (sections.length === 1 && sections[0]!.group === undefined) return <DetailList rows={rowsOf(sections[0]!.names)} />;
  return (
    <Stack gap="5">
      {sections.map((part) =>
        part.group === undefined ? (
          <DetailList key={`lone-${part.names[0]}`} rows={rowsOf(part.names)} />
        ) : (
          <DetailGroup key={`group-${part.group}`} heading={part.group} rows={rowsOf(part.names)} />
        ),
      )}
    </Stack>
  );
}

/** What a show page may put around the record's values (e.g. a preview beside them). */
export type ShowFrame = (record: ResourceRecord, details: ReactNode) => ReactNode;

/**
 * A resource's show page, for the record the address names: its values, the way back to the list, and
 * Edit. `partition`: the screen's partition values (see ResourcePartition), for parts a view adds.
 * `frame`: draws the values' card inside something of the screen's own (the content screens' patient preview).
 */
export function ResourceShowScreen({ view, partition, frame }: { view: ResourceView; partition?: PartitionValues; frame?: ShowFrame }) {
  return (
    <ResourcePartition values={partition}>
      <ShowScreen view={view} frame={frame} />
    </ResourcePartition>
  );
}

/** The record's values on a card; `maxW` unless a frame lays it out. */
const detailsCard = (view: ResourceView, record: ResourceRecord, maxW: string | undefined) => (
  <Card.Root maxW={maxW}>
    <Card.Body>
      <ResourceDetails view={view} record={record} />
    </Card.Body>
  </Card.Root>
);

function ShowScreen({ view, frame }: { view: ResourceView; frame?: ShowFrame }) {
  const id = useRecordIdParam();
  const query = useResourceRecord(view.resource, id ?? null);
  const texts = resourceTexts(view.resource, view.words, view.texts);
  const record = query.data;
  const form = view.form;
  const title = record ? recordNamer(view)(record) : view.resource.labels.singular;
  return (
    <PageFrame
      title={title}
      breadcrumbs={view.listPath ? [{ label: texts.title, to: view.listPath }, { label: title }] : undefined}
      actions={
        <>
          {view.listPath ? (
            <Button asChild variant="outline" colorPalette="gray">
              <RouterLink to={view.listPath}>{texts.allRecords}</RouterLink>
            </Button>
          ) : null}
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
          shown ? (frame ? frame(shown, detailsCard(view, shown, undefined)) : detailsCard(view, shown, '2xl')) : null
        }
      />
    </PageFrame>
  );
}
