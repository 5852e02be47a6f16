import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import * as v from 'valibot';
import { ApiRequestError, configureApi, DEFAULT_BASE_URL } from '@baridesk/api-client';
import { FakeXhr, installFakeXhr, testFile } from '@baridesk/api-client/fake-xhr';
import { uploadedFile, type UploadedFile } from '@baridesk/contracts';
import { applyServerErrors, useValibotForm } from './form';
import { FileUploadField, ImageUpload, ImageUploadField, uploadHint, type UploadFn } from './uploads';
import { renderUi } from './test/render-ui';

const stored = (name: string, overrides: Partial<UploadedFile> = {}): UploadedFile => ({
  key: `uploads/7/${name}`,
  url: `/api/files/uploads/7/${name}`,
  previewUrl: `/api/files/uploads/7/preview-${name}`,
  width: 800,
  height: 600,
  contentType: 'image/png',
  size: 2048,
  ...overrides,
});

type Call = Parameters<UploadFn>[1] & { file: File; resolve: (value: UploadedFile) => void; reject: (error: unknown) => void };

/** An upload function the test answers: each call waits until the test resolves or rejects it. */
function fakeUpload() {
  const calls: Call[] = [];
  const upload = jest.fn<ReturnType<UploadFn>, Parameters<UploadFn>>(
    (file, options) =>
      new Promise<UploadedFile>((resolve, reject) => {
        calls.push({ ...options, file, resolve, reject });
        options.signal.addEventListener('abort', () => reject(new DOMException('The upload was cancelled.', 'AbortError')));
      }),
  );
  const last = () => {
    const call = calls.at(-1);
    if (!call) throw new Error('nothing was uploaded');
    return call;
  };
  return { upload, calls, last };
}

const png = (name = 'front.png') => new File(['PNG'], name, { type: 'image/png' });
const fileInput = (container: HTMLElement) => container.querySelector<HTMLInputElement>('input[type="file"]')!;
/**
 * Picks a file as the browser's file chooser does: the chooser button keeps the focus and the hidden
 * input only fires a change (user.upload would click, and so focus, the hidden input).
 */
const pick = async (container: HTMLElement, file: File) => {
  await act(async () => {
    fireEvent.change(fileInput(container), { target: { files: [file] } });
  });
};
const statusOf = (container: HTMLElement) => within(container).getByRole('status');
const alertOf = (container: HTMLElement) => within(container).getByRole('alert');

/** An ImageUpload outside any form, holding its value in state. */
function StandaloneLogo({ upload, initial = null, onChange }: { upload?: UploadFn; initial?: UploadedFile | null; onChange?: (v: UploadedFile | null) => void }) {
  const [value, setValue] = useState<UploadedFile | null>(initial);
  return (
    <ImageUpload
      label="Logo"
      name="logo"
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange?.(next);
      }}
      upload={upload}
      minWidth={400}
      minHeight={300}
    />
  );
}

describe('ImageUpload', () => {
  it('uploads a chosen image with a progress bar and its percentage, then shows its preview', async () => {
    const { upload, last } = fakeUpload();
    const onChange = jest.fn();
    const { container } = await renderUi(<StandaloneLogo upload={upload} onChange={onChange} />);

    const chooser = screen.getByRole('button', { name: 'Choose image for logo' });
    expect(chooser).toHaveAccessibleDescription('JPEG, PNG, GIF or WEBP, at least 400 × 300 pixels, up to 10 MB.');
    expect(fileInput(container)).toHaveAttribute('accept', 'image/jpeg,image/png,image/gif,image/webp');
    chooser.focus();

    await pick(container, png());

    expect(last().file.name).toBe('front.png');
    const bar = screen.getByRole('progressbar', { name: 'Uploading front.png' });
    expect(bar).toHaveAttribute('aria-valuenow', '0');
    expect(statusOf(container)).toHaveTextContent('Uploading front.png.');
    expect(screen.getByRole('button', { name: 'Cancel upload' })).toHaveFocus();

    act(() => last().onProgress(40));
    expect(bar).toHaveAttribute('aria-valuenow', '40');
    expect(bar).toHaveAttribute('aria-valuetext', '40%');
    expect(screen.getByText('40%')).toBeInTheDocument();
    act(() => last().onProgress(null));
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuetext', 'Uploading');

    await act(async () => last().resolve(stored('front.png')));

    expect(onChange).toHaveBeenCalledWith(stored('front.png'));
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Current logo' })).toHaveAttribute('src', '/api/files/uploads/7/preview-front.png');
    expect(statusOf(container)).toHaveTextContent('front.png uploaded.');
    expect(screen.getByRole('button', { name: 'Replace logo' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Remove' })).toBeEnabled();
  });

  it("shows and announces the server's message for the field, and keeps the current image", async () => {
    const { upload, last } = fakeUpload();
    const onChange = jest.fn();
    const { container } = await renderUi(<StandaloneLogo upload={upload} initial={stored('old.png')} onChange={onChange} />);

    await pick(container, png('small.png'));
    await act(async () =>
      last().reject(
        new ApiRequestError({
          status: 422,
          message: 'The given data was invalid.',
          errors: { logo: ['Please upload Logo with minimum 400 * 300.'] },
        }),
      ),
    );

    expect(alertOf(container)).toHaveTextContent('Please upload Logo with minimum 400 * 300.');
    const replace = screen.getByRole('button', { name: 'Replace logo' });
    expect(replace).toHaveAttribute('aria-invalid', 'true');
    expect(replace).toHaveAccessibleDescription(expect.stringContaining('Please upload Logo with minimum 400 * 300.'));
    expect(screen.getByRole('img', { name: 'Current logo' })).toHaveAttribute('src', '/api/files/uploads/7/preview-old.png');
    expect(onChange).not.toHaveBeenCalled();

    // A failure without field errors shows the server's message; the next try clears the last message.
    await pick(container, png('again.png'));
    expect(alertOf(container)).toBeEmptyDOMElement();
    await act(async () => last().reject(new ApiRequestError({ status: 500, message: 'Storage is unavailable.' })));
    expect(alertOf(container)).toHaveTextContent('Storage is unavailable.');
  });

  it('cancels an upload: nothing changes and the chooser has the focus again', async () => {
    const { upload, last } = fakeUpload();
    const onChange = jest.fn();
    const { user, container } = await renderUi(<StandaloneLogo upload={upload} onChange={onChange} />);
    screen.getByRole('button', { name: 'Choose image for logo' }).focus();
    await pick(container, png());

    await user.click(screen.getByRole('button', { name: 'Cancel upload' }));

    expect(last().signal.aborted).toBe(true);
    await waitFor(() => expect(statusOf(container)).toHaveTextContent('Upload cancelled.'));
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(alertOf(container)).toBeEmptyDOMElement();
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Choose image for logo' })).toHaveFocus();
  });

  it('refuses a file of another type or over the size limit before sending it, and takes a dropped file', async () => {
    const { upload, last } = fakeUpload();
    const { container } = await renderUi(<StandaloneLogo upload={upload} />);
    const zone = within(container).getByTestId('upload-drop-zone');

    fireEvent.drop(zone, { dataTransfer: { files: [new File(['%PDF'], 'menu.pdf', { type: 'application/pdf' })] } });
    expect(alertOf(container)).toHaveTextContent('The logo must be jpeg, png, gif and webp.');

    const huge = png('huge.png');
    Object.defineProperty(huge, 'size', { value: 11 * 1024 * 1024 });
    fireEvent.drop(zone, { dataTransfer: { files: [huge] } });
    expect(alertOf(container)).toHaveTextContent('Logo may not be greater than 10 MB.');
    expect(upload).not.toHaveBeenCalled();

    fireEvent.dragOver(zone);
    fireEvent.drop(zone, { dataTransfer: { files: [png('dropped.png')] } });
    expect(last().file.name).toBe('dropped.png');
    expect(alertOf(container)).toBeEmptyDOMElement();
  });

  it('stops the upload when it goes away mid-way', async () => {
    const { upload, last } = fakeUpload();
    const { container, unmount } = await renderUi(<StandaloneLogo upload={upload} />);
    await pick(container, png());
    unmount();
    expect(last().signal.aborted).toBe(true);
  });
});

describe('ImageUploadField in a form', () => {
  const schema = v.object({
    logo: v.pipe(
      v.nullable(uploadedFile),
      v.check((value) => value !== null, 'Please choose logo to upload.'),
    ),
  });

  function LogoForm({ upload, initial, onSubmit }: { upload: UploadFn; initial: UploadedFile | null; onSubmit: (values: unknown) => void }) {
    const form = useValibotForm(schema, { defaultValues: { logo: initial } });
    return (
      <form noValidate onSubmit={form.handleSubmit(onSubmit)}>
        <ImageUploadField control={form.control} name="logo" label="Logo" upload={upload} required />
        <button type="submit">Save</button>
      </form>
    );
  }

  it('removes the image after a confirmation, shows the schema message, and submits a replacement', async () => {
    const { upload, last } = fakeUpload();
    const onSubmit = jest.fn();
    const { user, container } = await renderUi(<LogoForm upload={upload} initial={stored('old.png')} onSubmit={onSubmit} />);

    await user.click(screen.getByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove Logo' });
    expect(dialog).toHaveTextContent('Remove the logo?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.getByRole('img', { name: 'Current logo' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByRole('img', { name: 'Current logo' })).not.toBeInTheDocument());
    expect(statusOf(container)).toHaveTextContent('Logo removed.');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    const chooser = screen.getByRole('button', { name: 'Choose image for logo' });
    expect(chooser).toHaveAccessibleDescription(expect.stringContaining('Please choose logo to upload.'));
    expect(onSubmit).not.toHaveBeenCalled();

    await pick(container, png('new.png'));
    await act(async () => last().resolve(stored('new.png')));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledWith({ logo: stored('new.png') }, expect.anything());
  });
});

describe('ImageUploadField holding keys (a resource kit image field)', () => {
  function PhotoForm({ upload, current, onSubmit }: { upload: UploadFn; current: string | null; onSubmit: (values: unknown) => void }) {
    const form = useValibotForm(v.object({ photo: v.optional(v.nullable(v.string())) }), { defaultValues: { photo: undefined } });
    return (
      <form noValidate onSubmit={form.handleSubmit(onSubmit)}>
        <ImageUploadField control={form.control} name="photo" label="Photo" upload={upload} valueAs="key" current={current} aspectRatio={[4, 3]} />
        <button type="submit">Save</button>
      </form>
    );
  }

  it('shows the stored image while unchanged, then holds the new key, then null once removed', async () => {
    const { upload, last } = fakeUpload();
    const onSubmit = jest.fn();
    const { user, container } = await renderUi(<PhotoForm upload={upload} current="/uploads/7/stored.jpg" onSubmit={onSubmit} />);

    expect(screen.getByRole('img', { name: 'Current photo' })).toHaveAttribute('src', '/uploads/7/stored.jpg');
    expect(screen.getByRole('button', { name: 'Replace photo' })).toHaveAccessibleDescription(
      'JPEG, PNG, GIF or WEBP, aspect ratio 4:3, up to 10 MB.',
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenLastCalledWith({ photo: undefined }, expect.anything());

    await pick(container, png('new.png'));
    await act(async () => last().resolve(stored('new.png')));
    expect(screen.getByRole('img', { name: 'Current photo' })).toHaveAttribute('src', '/api/files/uploads/7/preview-new.png');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenLastCalledWith({ photo: 'uploads/7/new.png' }, expect.anything());

    await user.click(screen.getByRole('button', { name: 'Remove' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByRole('img', { name: 'Current photo' })).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenLastCalledWith({ photo: null }, expect.anything());
  });
});

describe('FileUploadField', () => {
  function BrochureForm({ upload, failSave }: { upload: UploadFn; failSave?: boolean }) {
    const form = useValibotForm(v.object({ brochure: v.nullable(uploadedFile) }), {
      defaultValues: { brochure: stored('brochure.pdf', { contentType: 'application/pdf', previewUrl: null, width: null, height: null, size: 1572864 }) },
    });
    return (
      <form
        noValidate
        onSubmit={form.handleSubmit(() => {
          if (failSave) applyServerErrors(form, { errors: { brochure: ['The brochure is not an uploaded file.'] } });
        })}
      >
        <FileUploadField control={form.control} name="brochure" label="Brochure" upload={upload} helperText="The brochure patients download." />
        <button type="submit">Save</button>
      </form>
    );
  }

  it("links the current document, hints PDF only, and shows a save's server error under the field", async () => {
    const { upload } = fakeUpload();
    const { user, container } = await renderUi(<BrochureForm upload={upload} failSave />);

    expect(screen.getByRole('link', { name: 'Open the current brochure' })).toHaveAttribute('href', '/api/files/uploads/7/brochure.pdf');
    expect(screen.getByText('(1.5 MB)')).toBeInTheDocument();
    expect(fileInput(container)).toHaveAttribute('accept', 'application/pdf');
    const replace = screen.getByRole('button', { name: 'Replace brochure' });
    expect(replace).toHaveAccessibleDescription('The brochure patients download. PDF, up to 10 MB.');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(replace).toHaveAccessibleDescription(expect.stringContaining('The brochure is not an uploaded file.'));
    // The form focuses the first field with a server error through the field's ref.
    expect(replace).toHaveFocus();
  });
});

describe('the default upload call', () => {
  let restoreXhr: () => void;
  beforeEach(() => {
    restoreXhr = installFakeXhr();
    configureApi({ baseUrl: DEFAULT_BASE_URL });
  });
  afterEach(() => restoreXhr());

  it("sends the file with api-client's uploadFile to the given path, after the kind, field and minimum size", async () => {
    const { container } = await renderUi(
      <ImageUpload label="Logo" name="logo" value={null} onChange={jest.fn()} path="admin/uploads" minWidth={400} minHeight={300} />,
    );

    await pick(container, testFile(['PNG'], 'front.png', 'image/png'));

    const xhr = FakeXhr.last();
    expect(xhr.url).toBe('http://localhost/api/admin/uploads');
    const sent = [...(xhr.body as FormData)];
    expect(sent.map(([name]) => name)).toEqual(['kind', 'field', 'minWidth', 'minHeight', 'file']);
    expect(Object.fromEntries(sent.slice(0, 4))).toEqual({ kind: 'image', field: 'logo', minWidth: '400', minHeight: '300' });
    expect(sent[4]?.[1]).toMatchObject({ name: 'front.png', type: 'image/png' });
    act(() => xhr.progress(512, 1024));
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50');

    await act(async () => xhr.answer(422, { message: 'The given data was invalid.', errors: { logo: ['Please upload Logo with minimum 400 * 300.'] } }));
    expect(alertOf(container)).toHaveTextContent('Please upload Logo with minimum 400 * 300.');
  });
});

test('uploadHint names the types, the minimum size and the limit', () => {
  expect(uploadHint('image', { maxBytes: 2 * 1024 * 1024 })).toBe('JPEG, PNG, GIF or WEBP, up to 2 MB.');
  expect(uploadHint('image', { minWidth: 400, maxBytes: 1024 * 1024 })).toBe('JPEG, PNG, GIF or WEBP, at least 400 × 1 pixels, up to 1 MB.');
  expect(uploadHint('file', { maxBytes: 10 * 1024 * 1024 })).toBe('JPEG, PNG, GIF, WEBP or PDF, up to 10 MB.');
});
