import { useEffect, useImperativeHandle, useRef, useState, type DragEvent, type ReactNode, type Ref } from 'react';
import { Box, Button, HStack, Image, Link, Progress, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import {
  CONTENT_TYPES,
  DEFAULT_UPLOAD_MAX_BYTES,
  fileTooLarge,
  formatAspectRatio,
  formatMegabytes,
  formatsOf,
  lowerLabel,
  wrongFileType,
  type ImageRule,
  type UploadedFile,
  type UploadKind,
  type UploadResponse,
} from '@baridesk/contracts';
import { isAbortError, uploadFile } from '@baridesk/api-client';
import { useConfirm } from './confirm-dialog';
import { FormField } from './form-field';

/** What an upload widget calls to send a chosen file: resolves with the stored upload. */
export type UploadFn = (
  file: File,
  options: {
    /** Whole per cent sent so far; null while the size is unknown. */
    onProgress: (percent: number | null) => void;
    /** Aborted when the user presses Cancel or the widget goes away. */
    signal: AbortSignal;
  },
) => Promise<UploadedFile>;

/**
 * A file the widget shows as the current one: an upload just made (UploadedFile), or a stored file of
 * which only the URL is known (a record's image as the API answers it).
 */
export type StoredFile = Pick<UploadedFile, 'url'> & Partial<UploadedFile>;

/** The API's generic upload route (POST /api/uploads; the super-admin area's is 'admin/uploads'). */
export const DEFAULT_UPLOAD_PATH = 'uploads';

/** The name a field is known by in the server's messages and its `errors` map: the route takes a plain identifier. */
const serverFieldName = (name: string | undefined) => (name && /^[A-Za-z][A-Za-z0-9_]{0,63}$/.test(name) ? name : 'file');

/** The upload call of @baridesk/api-client to `path`, sending the route's rules (kind, field, minimum size) before the file. */
export function uploadTo(path: string, rules: { kind: UploadKind; field: string; minWidth?: number; minHeight?: number }): UploadFn {
  const fields = Object.fromEntries(Object.entries(rules).filter((entry): entry is [string, string | number] => entry[1] !== undefined));
  return async (file, { onProgress, signal }) => {
    const answer = await uploadFile<UploadResponse>(path, file, {
      fields,
      signal,
      onProgress: (progress) => onProgress(progress.percent),
    });
    return answer.data;
  };
}

export type UploadControlProps = {
  label: string;
  /** The current file, or null for none. */
  value: StoredFile | null;
  /** Gets the new upload, or null when the file is removed. */
  onChange: (value: UploadedFile | null) => void;
  onBlur?: () => void;
  /** The form field's name: also the name the server's messages and `errors` use for it. */
  name?: string;
  /** Sends a chosen file. Defaults to api-client's uploadFile to `path`. */
  upload?: UploadFn;
  /** The upload route of the default `upload` (relative to /api). */
  path?: string;
  /** The smallest image accepted, in pixels (image fields; checked by the upload route, told in the hint). */
  minWidth?: number;
  minHeight?: number;
  /** The image's required shape (told in the hint; the record's save checks it). */
  aspectRatio?: ImageRule['aspectRatio'];
  /** The largest file accepted, checked before sending (the server checks its own limit too). */
  maxBytes?: number;
  /** A message from the form (its schema or the server's answer to a save). */
  error?: string;
  /** Shown before the hint the widget always gives (accepted types, minimum size, largest file). */
  helperText?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  /** Focuses the chooser (react-hook-form focuses a field with an error through it). */
  ref?: Ref<{ focus: () => void }>;
};

type Pending = { fileName: string; percent: number | null; controller: AbortController };

const TYPE_NAMES: Record<string, string> = { jpeg: 'JPEG', png: 'PNG', gif: 'GIF', webp: 'WEBP', pdf: 'PDF' };

/** "JPEG, PNG, GIF or WEBP" */
function typeNames(kind: UploadKind): string {
  const names = formatsOf(kind).map((format) => TYPE_NAMES[format] ?? format.toUpperCase());
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : (names[0] ?? '');
}

/** The hint under the field: the accepted types, the minimum size, the shape and the largest file. */
export function uploadHint(
  kind: UploadKind,
  { minWidth, minHeight, aspectRatio, maxBytes }: { minWidth?: number; minHeight?: number; aspectRatio?: ImageRule['aspectRatio']; maxBytes: number },
): string {
  const parts = [typeNames(kind)];
  if (minWidth !== undefined || minHeight !== undefined) parts.push(`at least ${minWidth ?? 1} × ${minHeight ?? 1} pixels`);
  if (aspectRatio !== undefined) parts.push(`aspect ratio ${formatAspectRatio(aspectRatio)}`);
  parts.push(`up to ${formatMegabytes(maxBytes)}`);
  return `${parts.join(', ')}.`;
}

/** The message of a failed upload: the server's word on this field first, then its message. */
function failureMessage(error: unknown, field: string): string {
  const { errors, message } = (typeof error === 'object' && error !== null ? error : {}) as { errors?: Record<string, string[]>; message?: unknown };
  const forField = errors?.[field]?.[0] ?? (errors ? Object.values(errors).flat()[0] : undefined);
  return forField ?? (typeof message === 'string' && message ? message : 'The file could not be uploaded.');
}

/**
 * The one upload widget behind ImageUpload and FileUpload (`kind` tells them apart): the current file
 * (an image preview, or a link to a document), a button and a drop zone to choose a file, a progress
 * bar with its percentage and Cancel while it is sent, Replace, and Remove after a confirmation. The
 * value changes only when an upload has succeeded or the file is removed. A refused file's message
 * shows under the field and is announced; the status of the upload is announced as it changes.
 */
export function UploadControl({
  kind,
  label,
  value,
  onChange,
  onBlur,
  name,
  upload,
  path = DEFAULT_UPLOAD_PATH,
  minWidth,
  minHeight,
  aspectRatio,
  maxBytes = DEFAULT_UPLOAD_MAX_BYTES,
  error,
  helperText,
  required,
  disabled = false,
  ref,
}: UploadControlProps & { kind: UploadKind }) {
  const field = serverFieldName(name);
  const [pending, setPending] = useState<Pending | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const [dragging, setDragging] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const chooseRef = useRef<HTMLButtonElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const { confirm, dialog } = useConfirm();
  const uploading = pending !== null;
  useImperativeHandle(ref, () => ({ focus: () => (cancelRef.current ?? chooseRef.current)?.focus() }), []);

  // Leaving the page (or the form) mid-upload stops it.
  const controllerRef = useRef<AbortController | null>(null);
  useEffect(() => () => controllerRef.current?.abort(), []);

  // Keyboard users keep a focused control: Cancel while the file is sent, the chooser afterwards,
  // unless the focus has moved elsewhere on the page meanwhile.
  const rootRef = useRef<HTMLDivElement>(null);
  const wasUploading = useRef(false);
  useEffect(() => {
    const active = document.activeElement;
    const focusHere = active === null || active === document.body || Boolean(rootRef.current?.contains(active));
    if (uploading && focusHere) cancelRef.current?.focus();
    if (!uploading && wasUploading.current && focusHere) chooseRef.current?.focus();
    wasUploading.current = uploading;
  }, [uploading]);

  const accepted = formatsOf(kind).map((format) => CONTENT_TYPES[format]);

  async function send(file: File) {
    setFailure(null);
    // What the browser says of the file is only a first filter; the server reads the bytes.
    if (file.type && !accepted.includes(file.type)) {
      setFailure(wrongFileType(field, kind));
      return;
    }
    if (file.size > maxBytes) {
      setFailure(fileTooLarge(field, maxBytes));
      return;
    }
    const controller = new AbortController();
    controllerRef.current = controller;
    setPending({ fileName: file.name, percent: 0, controller });
    setStatus(`Uploading ${file.name}.`);
    const call = upload ?? uploadTo(path, { kind, field, minWidth, minHeight });
    try {
      const stored = await call(file, {
        signal: controller.signal,
        onProgress: (percent) => setPending((current) => (current?.controller === controller ? { ...current, percent } : current)),
      });
      if (controller.signal.aborted) return;
      onChange(stored);
      setStatus(`${file.name} uploaded.`);
    } catch (caught) {
      if (controller.signal.aborted || isAbortError(caught)) {
        setStatus('Upload cancelled.');
      } else {
        setFailure(failureMessage(caught, field));
        setStatus('');
      }
    } finally {
      if (controllerRef.current === controller) {
        controllerRef.current = null;
        setPending(null);
        onBlur?.();
      }
    }
  }

  const choose = (files: FileList | null) => {
    const file = files?.[0];
    if (file && !uploading && !disabled) void send(file);
  };

  async function remove() {
    const confirmed = await confirm({
      title: `Remove ${label}`,
      message: `Remove the ${lowerLabel(label)}?`,
      confirmLabel: 'Remove',
    });
    if (!confirmed) return;
    setFailure(null);
    onChange(null);
    onBlur?.();
    setStatus(`${label} removed.`);
    chooseRef.current?.focus();
  }

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    choose(event.dataTransfer.files);
  };

  const shownError = failure ?? error;
  const hint = uploadHint(kind, { minWidth, minHeight, aspectRatio, maxBytes });
  const what = kind === 'image' ? 'image' : 'file';

  return (
    <FormField label={label} error={shownError} helperText={helperText ? <>{helperText} {hint}</> : hint} required={required}>
      {({ id, describedBy, invalid }) => (
        <Stack ref={rootRef} gap="3">
          {value ? (
            kind === 'image' ? (
              <Image
                src={value.previewUrl ?? value.url}
                alt={`Current ${lowerLabel(label)}`}
                maxW="240px"
                maxH="180px"
                objectFit="contain"
                borderWidth="1px"
                borderRadius="md"
              />
            ) : (
              <Text>
                <Link href={value.url} target="_blank" rel="noopener noreferrer" color="brand.fg">
                  {`Open the current ${lowerLabel(label)}`}
                </Link>
                {value.size !== undefined ? <Text as="span" color="fg.muted">{` (${formatMegabytes(value.size)})`}</Text> : null}
              </Text>
            )
          ) : null}
          <Box
            data-testid="upload-drop-zone"
            borderWidth="2px"
            borderStyle="dashed"
            borderColor={dragging ? 'brand.solid' : invalid ? 'border.error' : 'border'}
            borderRadius="md"
            p="4"
            onDragOver={(event) => {
              event.preventDefault();
              if (!uploading && !disabled) setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
          >
            {pending ? (
              <Stack gap="2">
                <Progress.Root value={pending.percent} size="sm" colorPalette="brand">
                  <HStack justify="space-between">
                    <Progress.Label>{`Uploading ${pending.fileName}`}</Progress.Label>
                    <Progress.ValueText aria-hidden>{pending.percent === null ? '' : `${pending.percent}%`}</Progress.ValueText>
                  </HStack>
                  <Progress.Track
                    aria-label={`Uploading ${pending.fileName}`}
                    aria-valuetext={pending.percent === null ? 'Uploading' : `${pending.percent}%`}
                  >
                    <Progress.Range />
                  </Progress.Track>
                </Progress.Root>
                <HStack>
                  <Button ref={cancelRef} size="sm" variant="outline" onClick={() => pending.controller.abort()}>
                    Cancel upload
                  </Button>
                </HStack>
              </Stack>
            ) : (
              <HStack gap="3" flexWrap="wrap">
                <Button
                  ref={chooseRef}
                  id={id}
                  size="sm"
                  variant="outline"
                  disabled={disabled}
                  aria-label={value ? `Replace ${lowerLabel(label)}` : `Choose ${what} for ${lowerLabel(label)}`}
                  aria-describedby={describedBy}
                  aria-invalid={invalid || undefined}
                  onClick={() => inputRef.current?.click()}
                >
                  {value ? 'Replace' : `Choose ${what}`}
                </Button>
                {value ? (
                  <Button size="sm" variant="outline" colorPalette="red" disabled={disabled} onClick={() => void remove()}>
                    Remove
                  </Button>
                ) : (
                  <Text color="fg.muted" fontSize="sm">
                    or drop it here
                  </Text>
                )}
              </HStack>
            )}
          </Box>
          <input
            ref={inputRef}
            type="file"
            name={name}
            accept={accepted.join(',')}
            tabIndex={-1}
            aria-hidden
            style={{ display: 'none' }}
            onChange={(event) => {
              choose(event.currentTarget.files);
              // The same file chosen again (after a refusal) must fire a change.
              event.currentTarget.value = '';
            }}
          />
          <VisuallyHidden role="status">{status}</VisuallyHidden>
          <VisuallyHidden role="alert">{failure ?? ''}</VisuallyHidden>
          {dialog}
        </Stack>
      )}
    </FormField>
  );
}
