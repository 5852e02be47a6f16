/** Real files for the upload tests, made by sharp, and multipart bodies built the way a browser builds them. */
import sharp from 'sharp';

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } } });

export const makePng = (width = 800, height = 600) => solid(width, height).png().toBuffer();
export const makeWebp = (width = 400, height = 300) => solid(width, height).webp().toBuffer();
export const makeGif = (width = 64, height = 48) => solid(width, height).gif().toBuffer();

/** A phone photo: EXIF with the camera and a GPS position, turned by its orientation tag (6: 90° clockwise). */
export const makePhoto = (width = 640, height = 480) =>
  solid(width, height)
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Phone 12' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '41/1 52/1 4/1', GPSLongitudeRef: 'W', GPSLongitude: '87/1 37/1 40/1' },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();

/** Noise does not compress: a PNG of about width × height × 3 bytes. */
export const makeNoisePng = (width: number, height: number) => {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 2654435761) >>> 24;
  return sharp(pixels, { raw: { width, height, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer();
};

export const SVG_WITH_SCRIPT = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600" onload="alert(1)"><script>alert(document.cookie)</script><rect width="800" height="600"/></svg>',
);

export const TEXT_AS_PNG = Buffer.from('This is a plain text file that someone named photo.png.\n');

/** A valid PNG whose header claims 100000 × 100000 pixels (10 gigapixels): a decompression bomb's calling card. */
export async function makePngClaimingEnormousSize(): Promise<Buffer> {
  const png = Buffer.from(await makePng(10, 10));
  png.writeUInt32BE(100_000, 16);
  png.writeUInt32BE(100_000, 20);
  return png;
}

/** The first half of a JPEG. */
export async function makeTruncatedJpeg(): Promise<Buffer> {
  const jpeg = await solid(800, 600).jpeg().toBuffer();
  return jpeg.subarray(0, Math.floor(jpeg.length / 2));
}

export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

export interface FilePart {
  name?: string;
  filename: string;
  type: string;
  bytes: Buffer;
}

/** A multipart/form-data body: text fields first, then the files, as FormData encodes it. */
export async function multipart(fields: Record<string, string>, ...files: FilePart[]): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) form.append(file.name ?? 'file', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.filename);
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type') ?? '' },
  };
}
