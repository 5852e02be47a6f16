import { useState, type ReactNode } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { ApiRequestError, notifyError, notifySuccess } from '@baridesk/api-client';
import { PIPELINE_STAGE_IDS, type ChecklistStageNamesResponse, type PatientChecklist, type PatientChecklistItem } from '@baridesk/contracts';
import { stageLabel, type StageId } from '@baridesk/domain';
import { Alert, Button, Card, chakra, DetailRow, HStack, Link, PageFrame, Spinner, Stack, Text } from '@baridesk/ui';
import { DestructiveActionMenu, LoadError } from '@baridesk/ui/lists';
import { Tabs } from '@baridesk/ui/overlays';
import { usePatientChecklist } from '../api/get-patient-checklist';
import { stageParamOf } from '../../../utils/stage-param';
import { useSetChecklistDeactivated } from '../api/set-checklist-deactivated';
import { usePatientId } from '../hooks/use-patient-id';
import { ChecklistItemRow } from './checklist-item-row';
import { ChecklistProgress } from './checklist-progress';
import { AddItemModal, ApplyTemplateModal, DeactivateModal } from './item-modals';
import { patientCrumbs } from '../../../utils/patient-crumbs';

/** What the page knows of an item's notes: the app composes the notes feature there. */
export type ItemNotesSlot = (
  item: PatientChecklistItem,
  context: { patientId: number; stage: StageId; /** Call after a note is added or deleted: the counts refetch. */ onChanged: () => void },
) => ReactNode;

export type PatientChecklistScreenProps = {
  /** The program's checklist names (GET /api/checklist/stage-names); the stages' own names until given. */
  stageNames?: ChecklistStageNamesResponse['data'];
  /** An item's notes, shown under it on demand; without it each item shows its count of notes. */
  itemNotes?: ItemNotesSlot;
};

const stageOf = (raw: string | null): StageId | undefined => stageParamOf(raw) ?? undefined;

type Dialog = 'add-item' | 'apply-template' | 'deactivate' | null;

/**
 * /checklists/:id (:id is the patient): the patient's checklist of a stage, a tab per stage (the current
 * one unless ?stage= says otherwise), its progress, its items to tick, with their due dates, who ticked
 * them and their notes; items added one by one or from another template; the checklist deactivated with
 * a reason, or activated again.
 */
export function PatientChecklistScreen({ stageNames, itemNotes }: PatientChecklistScreenProps) {
  const patientId = usePatientId();
  const [params, setParams] = useSearchParams();
  const asked = stageOf(params.get('stage'));
  const query = usePatientChecklist(patientId, asked);
  const checklist = query.data;
  const shown = asked ?? checklist?.stage;
  const nameOf = (stage: StageId) =>
    stageNames?.find((entry) => entry.stage === stage)?.name ?? (checklist?.stage === stage ? checklist.stage_name : stageLabel(stage));
  const notFound = patientId === null || (query.error instanceof ApiRequestError && query.error.status === 404);

  let body;
  if (notFound) {
    body = (
      <Text role="alert">
        {patientId === null ? 'This address does not name a patient.' : 'This patient was not found.'}{' '}
        <Link asChild>
          <RouterLink to="/manage-patients">Back to the patients</RouterLink>
        </Link>
      </Text>
    );
  } else if (query.isError && !checklist) {
    body = <LoadError title="The checklist could not be loaded." message={query.error.message} onRetry={() => void query.refetch()} />;
  } else if (!checklist || shown === undefined) {
    body = <Spinner aria-label="Loading the checklist" />;
  } else {
    body = (
      <Stack gap="5">
        <PatientHeader checklist={checklist} />
        {checklist.patient.checklist_deactivate === 1 ? <DeactivatedBanner reason={checklist.patient.checklist_deactivate_reason} /> : null}
        <Tabs.Root value={String(shown)} onValueChange={({ value }) => setParams({ stage: value })} variant="line">
          <Tabs.List aria-label="Checklist">
            {PIPELINE_STAGE_IDS.map((stage) => (
              <Tabs.Trigger key={stage} value={String(stage)}>
                {stage === checklist.patient.current_stage ? `${nameOf(stage)} (current stage)` : nameOf(stage)}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          <Tabs.Content value={String(shown)} pt="4">
            {query.isPlaceholderData || checklist.stage !== shown ? (
              <Spinner aria-label="Loading the checklist" />
            ) : (
              <>
                {query.isError ? (
                  <LoadError
                    title="The checklist could not be refreshed."
                    message={query.error.message}
                    onRetry={() => void query.refetch()}
                    mb="4"
                  />
                ) : null}
                <StageChecklist
                  checklist={checklist}
                  checklistName={nameOf(shown)}
                  itemNotes={itemNotes}
                  onNotesChanged={() => void query.refetch()}
                />
              </>
            )}
          </Tabs.Content>
        </Tabs.Root>
      </Stack>
    );
  }

  return (
    <PageFrame
      title="Patient Checklist"
      breadcrumbs={patientCrumbs(checklist && !notFound ? checklist.patient : undefined, 'Checklist')}
      actions={checklist && !notFound ? <DeactivationAction checklist={checklist} /> : null}
    >
      {body}
    </PageFrame>
  );
}

/** Who the checklist is of: the patient (to the record), the stage and the pipeline status. */
function PatientHeader({ checklist }: { checklist: PatientChecklist }) {
  const { patient } = checklist;
  return (
    <Card.Root as="section" aria-label="Patient">
      <Card.Body>
        <chakra.dl>
          <DetailRow term="Patient">
            <Link asChild fontWeight="semibold">
              <RouterLink to={`/patient-detail/${patient.id}`}>{patient.name}</RouterLink>
            </Link>
          </DetailRow>
          <DetailRow term="Current stage">{stageLabel(patient.current_stage)}</DetailRow>
          <DetailRow term="Pipeline status">{patient.pipeline_status?.name ?? 'No pipeline status'}</DetailRow>
        </chakra.dl>
      </Card.Body>
    </Card.Root>
  );
}

function DeactivatedBanner({ reason }: { reason: string | null }) {
  return (
    <Alert.Root status="warning" role="alert">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>This patient’s checklist is deactivated. Its items cannot be ticked or changed.</Alert.Title>
        <Alert.Description>{`Reason: ${reason ?? 'none given'}`}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

/** Deactivate (asks the reason) or Activate the patient's checklist. */
function DeactivationAction({ checklist }: { checklist: PatientChecklist }) {
  const [asking, setAsking] = useState(false);
  const change = useSetChecklistDeactivated();
  const patientId = checklist.patient.id;
  if (checklist.patient.checklist_deactivate === 1) {
    const activate = async () => {
      try {
        notifySuccess((await change.mutateAsync({ patient_id: patientId, checklist_deactivate: 0 })).message);
      } catch (error) {
        notifyError(error);
      }
    };
    return (
      <Button variant="outline" loading={change.isPending} onClick={() => void activate()}>
        Activate checklist
      </Button>
    );
  }
  // Deactivating stops the whole checklist: it is kept out of the header's first line of actions, in a
  // menu, and asks for a reason (the dialog says what it stops) before anything changes.
  return (
    <>
      <DestructiveActionMenu
        trigger={
          <Button variant="outline" colorPalette="gray">
            Checklist actions <span aria-hidden>▾</span>
          </Button>
        }
        action="Deactivate checklist…"
        onChoose={() => setAsking(true)}
      />
      {asking ? <DeactivateModal patientId={patientId} patientName={checklist.patient.name} onClose={() => setAsking(false)} /> : null}
    </>
  );
}

type StageChecklistProps = {
  checklist: PatientChecklist;
  checklistName: string;
  itemNotes?: ItemNotesSlot;
  onNotesChanged: () => void;
};

/** One stage's checklist: progress, the ways to add items, and the items in order. */
function StageChecklist({ checklist, checklistName, itemNotes, onNotesChanged }: StageChecklistProps) {
  const [dialog, setDialog] = useState<Dialog>(null);
  const locked = checklist.patient.checklist_deactivate === 1;
  const patientId = checklist.patient.id;
  const close = () => setDialog(null);
  const modalProps = { patientId, stage: checklist.stage, checklistName, onClose: close };

  return (
    <Stack gap="4">
      <ChecklistProgress checklist={checklist} label={`${checklistName} checklist progress`} />
      <HStack gap="2" wrap="wrap">
        <Button size="sm" variant="outline" disabled={locked} onClick={() => setDialog('add-item')}>
          Add item
        </Button>
        <Button size="sm" variant="outline" disabled={locked} onClick={() => setDialog('apply-template')}>
          Add items from another template
        </Button>
      </HStack>
      {checklist.items.length === 0 ? (
        <Text color="fg.muted">{`No items on the ${checklistName} checklist yet.`}</Text>
      ) : (
        <chakra.ol aria-label={`${checklistName} checklist items`} listStyleType="none" ps="0" display="flex" flexDirection="column" gap="3">
          {checklist.items.map((item) => (
            <ChecklistItemRow
              key={item.id}
              item={item}
              locked={locked}
              notes={itemNotes?.(item, { patientId, stage: checklist.stage, onChanged: onNotesChanged })}
            />
          ))}
        </chakra.ol>
      )}
      {dialog === 'add-item' ? <AddItemModal {...modalProps} /> : null}
      {dialog === 'apply-template' ? <ApplyTemplateModal {...modalProps} /> : null}
    </Stack>
  );
}
