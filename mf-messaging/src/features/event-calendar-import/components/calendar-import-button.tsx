import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ApiRequestError, isAbortError, notifyError } from '@baridesk/api-client';
import {
  CALENDAR_IMPORT_EXTENSION,
  CALENDAR_IMPORT_MAX_BYTES,
  CALENDAR_IMPORT_MESSAGES,
  isImportRunning,
  type CalendarImport,
} from '@baridesk/contracts';
import { Alert, Button, chakra, FormField, HStack, List, Stack, Text, VisuallyHidden } from '@baridesk/ui';
import { Progress } from '@baridesk/ui/lists';
import { Modal } from '@baridesk/ui/overlays';
import { calendarImportKey, uploadCalendarFile, useCalendarImport, useLatestImport, useUpdateImportStatus } from '../api/calendar-imports';

/** The calendar's queries (the month shown, an event): read again once an import has added events. */
export const EVENT_CALENDAR_QUERY_KEY = ['event-calendar'] as const;

const FORM_ID = 'calendar-import-form';

const events = (count: number) => (count === 1 ? '1 event' : `${count} events`);

type Upload = { fileName: string; percent: number | null; controller: AbortController };

/** Why a chosen file is refused before sending it, or null (the server checks the content itself). */
function fileProblem(file: File | null): string | null {
  if (!file) return CALENDAR_IMPORT_MESSAGES.fileRequired;
  if (!file.name.toLowerCase().endsWith(CALENDAR_IMPORT_EXTENSION)) return CALENDAR_IMPORT_MESSAGES.notIcs;
  if (file.size > CALENDAR_IMPORT_MAX_BYTES) return CALENDAR_IMPORT_MESSAGES.tooLarge;
  return null;
}

/** The server's word on the file (its `errors.file`), else its message. */
const uploadFailure = (error: unknown) =>
  error instanceof ApiRequestError ? (error.errors?.file?.[0] ?? error.message) : 'The file could not be uploaded.';

/** What the live region says of an import: its state as it changes, and the result. */
function spokenState(item: CalendarImport): string {
  switch (item.status) {
    case 'queued':
      return `${item.file_name} uploaded. The import will start in a moment.`;
    case 'processing':
      return `Importing ${item.file_name}.`;
    case 'completed':
      return `Import finished: ${events(item.imported)} imported, ${item.skipped} skipped.`;
    case 'failed':
      return `The import failed. ${item.error ?? ''}`.trim();
    case 'cancelled':
      return 'Import cancelled.';
  }
}

/** A running import's bar: the share of the file's events handled, unknown until the job has counted them. */
function ImportProgress({ item }: { item: CalendarImport }) {
  const done = item.imported + item.skipped;
  const percent = item.total > 0 ? Math.min(100, Math.round((done / item.total) * 100)) : null;
  const label = `Importing ${item.file_name}`;
  const valueText = item.total > 0 ? `${done} of ${events(item.total)}` : item.status === 'queued' ? 'Waiting to start' : 'Reading the file';
  return (
    <Progress.Root value={percent} colorPalette="brand">
      <HStack justify="space-between" mb="1">
        <Progress.Label>{label}</Progress.Label>
        <Progress.ValueText aria-hidden>{valueText}</Progress.ValueText>
      </HStack>
      <Progress.Track aria-label={label} aria-valuetext={valueText}>
        <Progress.Range />
      </Progress.Track>
    </Progress.Root>
  );
}

/** A finished import: what came in, what was skipped or changed on the way in and why (the server's lines), or why it failed. */
function ImportResult({ item }: { item: CalendarImport }) {
  if (item.status === 'failed') {
    return (
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>The import of {item.file_name} failed.</Alert.Title>
          {item.error ? <Alert.Description>{item.error}</Alert.Description> : null}
        </Alert.Content>
      </Alert.Root>
    );
  }
  const reasons = item.status === 'completed' && item.error ? item.error.split('\n').filter((line) => line.trim() !== '') : [];
  return (
    <Stack gap="2">
      <Text fontWeight="medium">
        {item.status === 'cancelled'
          ? `The import of ${item.file_name} was cancelled${item.imported > 0 ? ` after ${events(item.imported)}` : ''}.`
          : `${item.file_name}: ${events(item.imported)} imported, ${item.skipped} skipped.`}
      </Text>
      {reasons.length > 0 ? (
        <>
          <Text id="import-skipped-heading">Skipped or changed on the way in:</Text>
          <List.Root aria-labelledby="import-skipped-heading" ps="5">
            {reasons.map((reason, index) => (
              <List.Item key={index}>{reason}</List.Item>
            ))}
          </List.Root>
        </>
      ) : null}
    </Stack>
  );
}

/**
 * The import dialog: on opening it shows the newest import not yet dismissed (one still running goes on
 * being followed); otherwise the file chooser. The file is sent with its upload progress, then the
 * job's progress is read every second until it ends. Cancel stops a running import; Close dismisses a
 * finished one (so it is not shown again), or leaves a running one to go on.
 */
function CalendarImportDialog({ onClose }: { onClose: () => void }) {
  const queryClient = useQueryClient();
  // Set once an upload is accepted, or null after "Import another file".
  const [shown, setShown] = useState<{ id: number | null } | null>(null);
  const latest = useLatestImport(shown === null);
  const importId = shown ? shown.id : (latest.data?.id ?? null);
  const current = useCalendarImport(importId);
  const item = current.data ?? (latest.data?.id === importId ? latest.data : undefined);
  const running = item !== undefined && isImportRunning(item.status);
  const updateStatus = useUpdateImportStatus();

  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [upload, setUpload] = useState<Upload | null>(null);
  const controllerRef = useRef<AbortController | null>(null);
  // Closing the dialog mid-upload stops the upload (an import already accepted goes on).
  useEffect(() => () => controllerRef.current?.abort(), []);

  // Once an import has ended with events in, the calendar shows them.
  const finishedWithEvents = item?.status !== undefined && !isImportRunning(item.status) && item.imported > 0;
  useEffect(() => {
    if (finishedWithEvents) void queryClient.invalidateQueries({ queryKey: EVENT_CALENDAR_QUERY_KEY });
  }, [finishedWithEvents, queryClient]);

  async function send(event: FormEvent) {
    event.preventDefault();
    const problem = fileProblem(file);
    setFileError(problem);
    if (problem || !file) return;
    const controller = new AbortController();
    controllerRef.current = controller;
    setUpload({ fileName: file.name, percent: 0, controller });
    try {
      const answer = await uploadCalendarFile(file, {
        signal: controller.signal,
        onProgress: ({ percent }) => setUpload((previous) => (previous?.controller === controller ? { ...previous, percent } : previous)),
      });
      queryClient.setQueryData(calendarImportKey(answer.data.id), answer.data);
      setShown({ id: answer.data.id });
      setFile(null);
    } catch (error) {
      if (!controller.signal.aborted && !isAbortError(error)) setFileError(uploadFailure(error));
    } finally {
      controllerRef.current = null;
      setUpload(null);
    }
  }

  const cancelImport = () => {
    // The result and the live region say it was cancelled: no notice on top.
    if (item) updateStatus.mutate({ id: item.id, status: 'cancelled' }, { onError: (error) => notifyError(error) });
  };

  /** A finished import is dismissed as the dialog closes; a running one goes on (it shows again next time). */
  const close = () => {
    if (item && !running) updateStatus.mutate({ id: item.id, status: 'acknowledged' }, { onError: (error) => notifyError(error) });
    onClose();
  };

  const importAnother = () => {
    if (item) updateStatus.mutate({ id: item.id, status: 'acknowledged' }, { onError: (error) => notifyError(error) });
    setShown({ id: null });
  };

  const choosing = importId === null;

  // Each step replaces the controls of the one before, the focused one with them: keyboard and screen
  // reader users are put on the step's main control (the dialog would otherwise pick its first button).
  const step = upload ? 'uploading' : choosing ? 'choosing' : running ? 'running' : item ? 'finished' : 'loading';
  const stepFocus = useRef<HTMLElement | null>(null);
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    stepFocus.current?.focus();
  }, [step]);
  const focusHere = (element: HTMLElement | null) => {
    stepFocus.current = element;
  };
  const spoken = upload ? `Uploading ${upload.fileName}.` : item ? spokenState(item) : '';

  let body;
  if (shown === null && latest.isPending) {
    body = <Text color="fg.muted">Looking for an import in progress…</Text>;
  } else if (choosing) {
    body = (
      <chakra.form id={FORM_ID} onSubmit={send} noValidate>
        <Stack gap="4">
          <Text>
            Choose an iCalendar (.ics) file, exported from Google Calendar, Outlook or another calendar. Its events, weekly
            series included, are added to this program&apos;s calendar.
          </Text>
          <FormField label="Calendar file" helperText={`An .ics file of up to ${CALENDAR_IMPORT_MAX_BYTES / 1024 / 1024} MB.`} error={fileError ?? undefined} required>
            {({ id, describedBy, invalid }) => (
              <chakra.input
                ref={focusHere}
                id={id}
                type="file"
                accept=".ics,text/calendar"
                disabled={upload !== null}
                aria-describedby={describedBy}
                aria-invalid={invalid || undefined}
                aria-required
                onChange={(event) => {
                  setFile(event.currentTarget.files?.[0] ?? null);
                  setFileError(null);
                }}
              />
            )}
          </FormField>
          {upload ? (
            <Progress.Root value={upload.percent} colorPalette="brand">
              <HStack justify="space-between" mb="1">
                <Progress.Label>{`Uploading ${upload.fileName}`}</Progress.Label>
                <Progress.ValueText aria-hidden>{upload.percent === null ? '' : `${upload.percent}%`}</Progress.ValueText>
              </HStack>
              <Progress.Track aria-label={`Uploading ${upload.fileName}`} aria-valuetext={upload.percent === null ? 'Uploading' : `${upload.percent}%`}>
                <Progress.Range />
              </Progress.Track>
            </Progress.Root>
          ) : null}
        </Stack>
      </chakra.form>
    );
  } else if (!item) {
    body = current.isError ? <Text role="alert">{current.error.message}</Text> : <Text color="fg.muted">Loading the import…</Text>;
  } else if (running) {
    body = (
      <Stack gap="3">
        <ImportProgress item={item} />
        <Text color="fg.muted">You may close this window: the import goes on, and shows here when you open Import again.</Text>
      </Stack>
    );
  } else {
    body = <ImportResult item={item} />;
  }

  let footer;
  if (choosing) {
    footer = upload ? (
      <Button ref={focusHere} variant="outline" onClick={() => upload.controller.abort()}>
        Cancel upload
      </Button>
    ) : (
      <>
        <Button variant="outline" colorPalette="gray" onClick={close}>
          Cancel
        </Button>
        <Button type="submit" form={FORM_ID} disabled={shown === null && latest.isPending}>
          Import
        </Button>
      </>
    );
  } else if (running) {
    footer = (
      <>
        <Button ref={focusHere} variant="outline" colorPalette="red" loading={updateStatus.isPending} onClick={cancelImport}>
          Cancel import
        </Button>
        <Button onClick={close}>Close</Button>
      </>
    );
  } else {
    footer = (
      <>
        {item ? (
          <Button variant="outline" colorPalette="gray" onClick={importAnother}>
            Import another file
          </Button>
        ) : null}
        <Button ref={focusHere} onClick={close}>
          Close
        </Button>
      </>
    );
  }

  return (
    <Modal open onClose={close} title="Import a calendar" footer={footer} size="lg">
      {body}
      <VisuallyHidden role="status">{spoken}</VisuallyHidden>
    </Modal>
  );
}

/** The calendar heading's Import button: opens the import dialog (an .ics file into the program's calendar). */
export function CalendarImportButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        Import .ics
      </Button>
      {open ? <CalendarImportDialog onClose={() => setOpen(false)} /> : null}
    </>
  );
}
