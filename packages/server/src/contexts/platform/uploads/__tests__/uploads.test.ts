import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import multipartPlugin from '@fastify/multipart';
import sharp from 'sharp';
import { and, eq } from 'drizzle-orm';
import { PREVIEW_MAX_SIDE, type UploadedFile } from '@baridesk/contracts';
import { auditRecords } from '../../../../db/schema';
import { type ConfiguredTestApp, createConfiguredTestApp } from '../../../../test/mail';
import {
  type FilePart,
  PDF,
  SVG_WITH_SCRIPT,
  TEXT_AS_PNG,
  makeGif,
  makeNoisePng,
  makePhoto,
  makePng,
  makePngClaimingEnormousSize,
  makeTruncatedJpeg,
  makeWebp,
  multipart,
} from './fixtures';

const MAX_BYTES = 3 * 1024 * 1024;
const STAFF = 'subuser@northside.test'; // program 101
const OTHER_PROGRAM = 'subuser@lakeview.test'; // program 102
const ADMIN = 'superadmin@baridesk.test';

let t: ConfiguredTestApp;
let dataDir: string;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'baridesk-uploads-'));
  t = await createConfiguredTestApp({ dataDir, uploadMaxBytes: MAX_BYTES });
  for (const email of [STAFF, OTHER_PROGRAM, ADMIN]) tokens[email] = await t.login(email);
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

const png = (bytes: Buffer, filename = 'picture.png'): FilePart => ({ filename, type: 'image/png', bytes });

async function upload(fields: Record<string, string>, files: FilePart[], { who = STAFF, url = '/api/uploads' } = {}) {
  const { payload, headers } = await multipart(fields, ...files);
  return t.call({ method: 'POST', url, token: tokens[who], headers, payload });
}

async function uploaded(fields: Record<string, string>, file: FilePart, options?: { who?: string; url?: string }): Promise<UploadedFile> {
  const res = await upload(fields, [file], options);
  expect([res.statusCode, res.json()]).toEqual([201, { data: expect.any(Object) }]);
  return res.json().data as UploadedFile;
}

const KEY_OF = (scope: string, ext: string) => new RegExp(`^${scope}/[0-9a-f]{32}\\.${ext}$`);
const storedFiles = async () =>
  (await readdir(path.join(dataDir, 'uploads'), { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).map((e) => e.name);

describe('POST /api/uploads: images, decoded and measured', () => {
  it('stores a PNG with a preview, and answers where they are and what was measured', async () => {
    const file = await uploaded({}, png(await makePng(800, 600)));
    expect(file).toEqual({
      key: expect.stringMatching(KEY_OF('101', 'png')),
      url: `/uploads/${file.key}`,
      previewUrl: `/uploads/${file.key.replace(/\.png$/, '.preview.webp')}`,
      width: 800,
      height: 600,
      contentType: 'image/png',
      size: expect.any(Number),
    });

    const served = await t.call({ method: 'GET', url: file.url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.length).toBe(file.size);
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'png', width: 800, height: 600 });
    expect(served.headers).toMatchObject({
      'content-type': 'image/png',
      'x-content-type-options': 'nosniff',
      'content-disposition': `inline; filename="${file.key.split('/')[1]}"`,
      'content-security-policy': expect.stringContaining("default-src 'none'"),
      'cache-control': 'public, max-age=31536000, immutable',
    });
    expect(served.headers['content-security-policy']).toContain('sandbox');

    const preview = await t.call({ method: 'GET', url: file.previewUrl! });
    expect(preview.headers['content-type']).toBe('image/webp');
    expect(await sharp(preview.rawPayload).metadata()).toMatchObject({ format: 'webp', width: PREVIEW_MAX_SIDE, height: 360 });
  });

  it('accepts JPEG, WebP and GIF, each served as what its bytes are', async () => {
    for (const [bytes, type, ext] of [
      [await makePhoto(), 'image/jpeg', 'jpg'],
      [await makeWebp(400, 300), 'image/webp', 'webp'],
      [await makeGif(64, 48), 'image/gif', 'gif'],
    ] as const) {
      const file = await uploaded({}, { filename: `x.${ext}`, type, bytes });
      expect([file.key, file.contentType]).toEqual([expect.stringMatching(KEY_OF('101', ext)), type]);
      expect((await t.call({ method: 'GET', url: file.url })).headers['content-type']).toBe(type);
    }
  });

  it('turns a phone photo upright and strips its EXIF (GPS position, camera) from the stored copy and the preview', async () => {
    const photo = await makePhoto(640, 480);
    expect(await sharp(photo).metadata()).toMatchObject({ orientation: 6, exif: expect.any(Buffer) });
    const file = await uploaded({}, { filename: 'IMG_0001.jpg', type: 'image/jpeg', bytes: photo });
    expect([file.width, file.height]).toEqual([480, 640]);
    for (const url of [file.url, file.previewUrl!]) {
      const bytes = (await t.call({ method: 'GET', url })).rawPayload;
      const meta = await sharp(bytes).metadata();
      expect([meta.exif, meta.xmp, meta.iptc, meta.orientation]).toEqual([undefined, undefined, undefined, undefined]);
      expect(bytes.includes(Buffer.from('PhoneMaker'))).toBe(false);
    }
  });

  it('stores a file larger than the JSON body limit (1 MiB) when it is within UPLOAD_MAX_BYTES', async () => {
    const big = await makeNoisePng(800, 800);
    expect(big.length).toBeGreaterThan(1024 * 1024);
    const file = await uploaded({}, png(big));
    expect([file.width, file.height]).toEqual([800, 800]);
  });

  it('records who uploaded what in the audit log', async () => {
    const file = await uploaded({}, png(await makePng(20, 20)));
    const rows = await t.app.db
      .select()
      .from(auditRecords)
      .where(and(eq(auditRecords.action, 'upload.store'), eq(auditRecords.entity_id, file.key)));
    expect(rows).toEqual([expect.objectContaining({ program_id: 101, entity: 'upload', detail: { contentType: 'image/png', size: file.size } })]);
  });
});

describe('POST /api/uploads: refusals are 4xx with a message, never a 500', () => {
  const refusal = async (res: Awaited<ReturnType<typeof upload>>) => [res.statusCode, res.json()];

  it('an image smaller than the minimum: the spec message, on the field', async () => {
    const res = await upload({ field: 'image', minWidth: '300', minHeight: '200' }, [png(await makePng(299, 400))]);
    expect(await refusal(res)).toEqual([
      422,
      { message: 'Please upload image with minimum 300 * 200.', errors: { image: ['Please upload image with minimum 300 * 200.'] } },
    ]);
    expect((await upload({ field: 'banner_image', minWidth: '300', minHeight: '200' }, [png(await makePng(300, 200))])).statusCode).toBe(201);
  });

  it('an SVG (it can carry script), whatever it is called: the spec message of allowed types', async () => {
    const message = 'The logo must be jpeg, png, gif and webp.';
    for (const file of [
      { filename: 'logo.svg', type: 'image/svg+xml', bytes: SVG_WITH_SCRIPT },
      { filename: 'logo.png', type: 'image/png', bytes: SVG_WITH_SCRIPT },
    ]) {
      expect(await refusal(await upload({ field: 'logo' }, [file]))).toEqual([422, { message, errors: { logo: [message] } }]);
    }
  });

  it('a text file named .png and sent as image/png', async () => {
    const res = await upload({}, [png(TEXT_AS_PNG, 'photo.png')]);
    expect(await refusal(res)).toEqual([422, { message: 'The file must be jpeg, png, gif and webp.', errors: { file: ['The file must be jpeg, png, gif and webp.'] } }]);
  });

  it('a PNG whose header claims 10 gigapixels is refused before it is decoded', async () => {
    const res = await upload({}, [png(await makePngClaimingEnormousSize())]);
    expect(await refusal(res)).toEqual([422, { message: 'Please upload file of at most 50 megapixels.', errors: { file: ['Please upload file of at most 50 megapixels.'] } }]);
  });

  it('a truncated JPEG', async () => {
    const res = await upload({ field: 'photo' }, [{ filename: 'cut.jpg', type: 'image/jpeg', bytes: await makeTruncatedJpeg() }]);
    expect(await refusal(res)).toEqual([422, { message: 'The photo could not be read as an image.', errors: { photo: ['The photo could not be read as an image.'] } }]);
  });

  it('a file over UPLOAD_MAX_BYTES: 413 with the product message', async () => {
    const res = await upload({}, [png(await makeNoisePng(1100, 1100))]);
    expect(await refusal(res)).toEqual([413, { message: 'File may not be greater than 3 MB.' }]);
  });

  it('no file, an empty file, or a body that is not multipart', async () => {
    expect(await refusal(await upload({}, []))).toEqual([422, { message: 'Please choose file to upload.', errors: { file: ['Please choose file to upload.'] } }]);
    expect(await refusal(await upload({ field: 'image' }, []))).toEqual([422, { message: 'Please choose image to upload.', errors: { image: ['Please choose image to upload.'] } }]);
    expect(await refusal(await upload({ field: 'image' }, [png(Buffer.alloc(0))]))).toEqual([
      422,
      { message: 'Please choose image to upload.', errors: { image: ['Please choose image to upload.'] } },
    ]);
    const json = await t.call({ method: 'POST', url: '/api/uploads', token: tokens[STAFF], payload: { file: 'x' } });
    expect(await refusal(json)).toEqual([415, { message: 'Send the file as multipart/form-data.' }]);
  });

  it('two files in one request: neither is kept', async () => {
    const before = (await storedFiles()).length;
    const small = png(await makePng(10, 10));
    const res = await upload({ field: 'image' }, [small, { ...small, name: 'second' }]);
    expect(await refusal(res)).toEqual([422, { message: 'Please upload one file at a time.', errors: { image: ['Please upload one file at a time.'] } }]);
    expect((await storedFiles()).length).toBe(before);
  });

  it('the rule fields may come after the file too', async () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await makePng(100, 100))], { type: 'image/png' }), 'a.png');
    form.append('field', 'cover');
    form.append('minWidth', '200');
    const encoded = new Response(form);
    const res = await t.call({
      method: 'POST',
      url: '/api/uploads',
      token: tokens[STAFF],
      headers: { 'content-type': encoded.headers.get('content-type') ?? '' },
      payload: Buffer.from(await encoded.arrayBuffer()),
    });
    expect(await refusal(res)).toEqual([422, { message: 'Please upload cover with minimum 200 * 1.', errors: { cover: ['Please upload cover with minimum 200 * 1.'] } }]);
  });

  it('a broken multipart body', async () => {
    const { payload, headers } = await multipart({}, png(await makePng(10, 10)));
    const cut = payload.subarray(0, payload.length - 60);
    const res = await t.call({ method: 'POST', url: '/api/uploads', token: tokens[STAFF], headers, payload: cut });
    expect(await refusal(res)).toEqual([400, { message: 'The upload could not be read. Please try again.' }]);
  });

  it('hostile multipart bodies: 4xx with a message', async () => {
    const { payload } = await multipart({}, png(await makePng(10, 10)));
    const bodies: [contentType: string, body: Buffer][] = [
      ['multipart/form-data', payload],
      ['multipart/form-data; boundary=not-the-one', payload],
      ['multipart/form-data; boundary=x', Buffer.from('garbage without any boundary')],
      ['multipart/form-data; boundary=x', Buffer.alloc(0)],
      ['multipart/form-data; boundary=x', Buffer.from('--x\r\nContent-Disposition: form-data; name="__proto__"\r\n\r\nvalue\r\n--x--\r\n')],
      ['multipart/form-data; boundary=x', Buffer.from('--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n\x89PNG\r\n--x--\r\n')],
    ];
    for (const [contentType, body] of bodies) {
      const res = await t.call({ method: 'POST', url: '/api/uploads', token: tokens[STAFF], headers: { 'content-type': contentType }, payload: body });
      expect([contentType, res.statusCode >= 400 && res.statusCode < 500, typeof res.json().message]).toEqual([contentType, true, 'string']);
    }
  });

  it('a text field longer than the multipart limit is refused, not cut short', async () => {
    const res = await upload({ field: 'x'.repeat(300 * 1024) }, [png(await makePng(10, 10))]);
    expect(await refusal(res)).toEqual([413, { message: 'A field of the upload is too long.' }]);
  });

  it('bad rule fields: 422 with the field map', async () => {
    const res = await upload({ kind: 'video', minWidth: 'wide' }, [png(await makePng(10, 10))]);
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['kind', 'minWidth']);
  });

  it('signed out: 401', async () => {
    const { payload, headers } = await multipart({}, png(await makePng(10, 10)));
    expect((await t.call({ method: 'POST', url: '/api/uploads', headers, payload })).statusCode).toBe(401);
  });

  it('nothing is left behind by a refused upload', async () => {
    const before = (await storedFiles()).length;
    await upload({ minWidth: '5000' }, [png(await makePng(100, 100))]);
    await upload({}, [png(TEXT_AS_PNG)]);
    expect((await storedFiles()).length).toBe(before);
    expect((await storedFiles()).filter((name) => name.startsWith('.'))).toEqual([]);
  });
});

describe('documents', () => {
  it('a PDF is sniffed by its bytes, stored as it is, and only ever downloaded', async () => {
    const file = await uploaded({ kind: 'document', field: 'menu' }, { filename: 'menu.pdf', type: 'application/pdf', bytes: PDF });
    expect(file).toEqual({
      key: expect.stringMatching(KEY_OF('101', 'pdf')),
      url: `/uploads/${file.key}`,
      previewUrl: null,
      width: null,
      height: null,
      contentType: 'application/pdf',
      size: PDF.length,
    });
    const served = await t.call({ method: 'GET', url: file.url });
    expect(served.rawPayload.equals(PDF)).toBe(true);
    expect(served.headers).toMatchObject({ 'content-type': 'application/pdf', 'content-disposition': expect.stringMatching(/^attachment; /) });
  });

  it('a document field refuses an image, an image field a PDF; a file field takes either', async () => {
    const asDocument = await upload({ kind: 'document' }, [png(await makePng(10, 10))]);
    expect(await [asDocument.statusCode, asDocument.json().message]).toEqual([422, 'The file must be pdf.']);
    const asImage = await upload({}, [{ filename: 'x.pdf', type: 'application/pdf', bytes: PDF }]);
    expect([asImage.statusCode, asImage.json().message]).toEqual([422, 'The file must be jpeg, png, gif and webp.']);
    expect((await upload({ kind: 'file' }, [{ filename: 'x.pdf', type: 'application/pdf', bytes: PDF }])).statusCode).toBe(201);
  });
});

describe('POST /api/admin/uploads', () => {
  it('stores BariDesk-wide files under global/', async () => {
    const file = await uploaded({}, png(await makePng(50, 50)), { who: ADMIN, url: '/api/admin/uploads' });
    expect(file.key).toMatch(KEY_OF('global', 'png'));
  });

  it('is for super admins only, and the staff route for staff only', async () => {
    const small = png(await makePng(10, 10));
    expect((await upload({}, [small], { who: STAFF, url: '/api/admin/uploads' })).statusCode).toBe(403);
    expect((await upload({}, [small], { who: ADMIN, url: '/api/uploads' })).statusCode).toBe(403);
  });
});

describe('GET /uploads/<key>', () => {
  it('404 for unknown keys, other paths and traversal, without listing anything', async () => {
    const file = await uploaded({}, png(await makePng(10, 10)));
    const folder = file.key.split('/')[0];
    for (const url of [
      `/uploads/101/${'0'.repeat(32)}.png`,
      `/uploads/${folder}`,
      `/uploads/${folder}/`,
      '/uploads/',
      '/uploads/../../package.json',
      '/uploads/101/..%2f..%2fpackage.json',
      `/uploads/${file.key}.txt`,
      `/uploads/${file.key.toUpperCase()}`,
    ]) {
      const res = await t.call({ method: 'GET', url });
      expect([url, res.statusCode]).toEqual([url, 404]);
    }
  });

  it('never serves a private key, even when the file exists', async () => {
    const file = await t.app.uploads.store(await makePng(10, 10), { field: 'document', kind: 'image', private: true }, { programId: 101 });
    expect(file.key).toMatch(/^101\/private\/[0-9a-f]{32}\.png$/);
    expect((await t.call({ method: 'GET', url: file.url })).statusCode).toBe(404);
    const opened = await t.app.uploads.open(file.key, { allowPrivate: true });
    opened?.body.destroy();
    expect(opened).toMatchObject({ format: 'png', size: file.size });
  });

  it('a context that checked access itself serves a private file with serve(…, { allowPrivate }): never cached, not embeddable elsewhere', async () => {
    const file = await t.app.uploads.store(PDF, { field: 'document', kind: 'document', private: true }, { programId: 101 });
    // The owning context's own route, as it would write it after its access check and audit.
    const owner = Fastify();
    owner.get('/documents/*', (request, reply) => t.app.uploads.serve(reply, (request.params as { '*': string })['*'], { allowPrivate: true }));
    try {
      const res = await owner.inject({ method: 'GET', url: `/documents/${file.key}` });
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(PDF)).toBe(true);
      expect(res.headers).toMatchObject({
        'content-type': 'application/pdf',
        'content-disposition': expect.stringMatching(/^attachment; /),
        'cache-control': 'private, no-store',
        'cross-origin-resource-policy': 'same-origin',
        'x-content-type-options': 'nosniff',
      });
      expect((await owner.inject({ method: 'GET', url: `/documents/101/private/${'b'.repeat(32)}.pdf` })).statusCode).toBe(404);
    } finally {
      await owner.close();
    }
  });

  it('needs no session: the patients\' app loads program content with <img src>', async () => {
    const file = await uploaded({}, png(await makePng(10, 10)));
    const res = await t.call({ method: 'GET', url: file.url, headers: { authorization: 'Bearer not-a-token' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });
});

describe('fastify.uploads.accept: a record route that reads its own multipart body', () => {
  it('checks and stores the file part, and refuses one over the limit with 413', async () => {
    // A record route as a context would write it: its own fields and the file, in one form.
    const route = Fastify();
    await route.register(multipartPlugin, { limits: { fileSize: t.app.config.uploadMaxBytes, files: 1 } });
    route.post('/portals/store', async (request) => {
      const file = await request.file();
      return { data: await t.app.uploads.accept(file, { field: 'image', kind: 'image', minimum: { minWidth: 100, minHeight: 100 } }, { programId: 101 }) };
    });
    route.setErrorHandler((error: Error & { statusCode?: number; errors?: unknown }, _request, reply) =>
      reply.code(error.statusCode ?? 500).send({ message: error.message, errors: error.errors }),
    );
    try {
      const send = async (bytes: Buffer) => {
        const { payload, headers } = await multipart({ name: 'Portal' }, { name: 'image', filename: 'p.png', type: 'image/png', bytes });
        return route.inject({ method: 'POST', url: '/portals/store', headers, payload });
      };
      const ok = await send(await makePng(120, 100));
      expect(ok.statusCode).toBe(200);
      expect(ok.json().data).toMatchObject({ key: expect.stringMatching(KEY_OF('101', 'png')), width: 120, height: 100 });
      const small = await send(await makePng(99, 100));
      expect([small.statusCode, small.json().errors]).toEqual([422, { image: ['Please upload image with minimum 100 * 100.'] }]);
      const large = await send(await makeNoisePng(1100, 1100));
      expect([large.statusCode, large.json().message]).toEqual([413, 'Image may not be greater than 3 MB.']);
    } finally {
      await route.close();
    }
  });
});

describe('fastify.uploads for the resource kit: claim and remove', () => {
  it('claims an upload of the owner\'s program that fits the rules', async () => {
    const file = await uploaded({}, png(await makePng(400, 300)));
    await expect(t.app.uploads.claim({ programId: 101 }, file.key, { field: 'image', kind: 'image', minimum: { minWidth: 300, minHeight: 200 } })).resolves.toEqual(file);
  });

  it('refuses another program\'s file, a preview, a made-up key, a file too small, or of the wrong kind', async () => {
    const file = await uploaded({}, png(await makePng(100, 100)));
    const rules = { field: 'image', kind: 'image' } as const;
    const notOurs = { image: ['The image is not an uploaded file.'] };
    for (const [owner, key] of [
      [{ programId: 102 }, file.key],
      [{ programId: null }, file.key],
      [{ programId: 101 }, file.key.replace('.png', '.preview.webp')],
      [{ programId: 101 }, `101/${'a'.repeat(32)}.png`],
      [{ programId: 101 }, '../../etc/passwd'],
      [{ programId: 101 }, 42],
    ] as const) {
      await expect(t.app.uploads.claim(owner, key, rules)).rejects.toMatchObject({ statusCode: 422, errors: notOurs });
    }
    await expect(t.app.uploads.claim({ programId: 101 }, file.key, { ...rules, minimum: { minWidth: 300, minHeight: 200 } })).rejects.toMatchObject({
      statusCode: 422,
      errors: { image: ['Please upload image with minimum 300 * 200.'] },
    });
    await expect(t.app.uploads.claim({ programId: 101 }, file.key, { field: 'brochure', kind: 'document' })).rejects.toMatchObject({
      statusCode: 422,
      errors: { brochure: ['The brochure must be pdf.'] },
    });
  });

  it('removes an upload and its preview; nothing else', async () => {
    const keep = await uploaded({}, png(await makePng(10, 10)));
    const gone = await uploaded({}, png(await makePng(10, 10)));
    const pdf = await uploaded({ kind: 'document' }, { filename: 'a.pdf', type: 'application/pdf', bytes: PDF });
    await t.app.uploads.remove([gone.key, pdf.key, null, '', undefined, '../../package.json']);
    for (const url of [gone.url, gone.previewUrl!, pdf.url]) expect((await t.call({ method: 'GET', url })).statusCode).toBe(404);
    expect((await t.call({ method: 'GET', url: keep.url })).statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: keep.previewUrl! })).statusCode).toBe(200);
  });
});
