import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  type S3ServiceException,
} from '@aws-sdk/client-s3';
import type { S3Settings } from '../../../config';
import { type Storage, type StoredObject, assertStorageKey } from './storage';

const isNotFound = (error: unknown) => (error as S3ServiceException).$metadata?.httpStatusCode === 404;

/**
 * Objects in a bucket of any S3-compatible store (AWS S3, MinIO, Ceph, R2, Backblaze…). S3 replaces an
 * object whole on PUT, so writes are atomic as the interface promises. Uploads are small (at most
 * UPLOAD_MAX_BYTES), so each is sent as one PutObject with its length and SHA-256 signed.
 */
export function createS3Storage(settings: S3Settings): { storage: Storage; client: S3Client } {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials:
      settings.accessKeyId && settings.secretAccessKey
        ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
        : undefined,
    // The SDK's default adds CRC32 checksums (trailing ones, in aws-chunked bodies, for streams) that
    // several S3-compatible stores refuse; the signed SHA-256 of the body already protects it.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const bucket = settings.bucket;

  const storage: Storage = {
    kind: 's3',

    async put(key, body, { contentType }) {
      assertStorageKey(key);
      const bytes = Buffer.isBuffer(body) ? body : await collect(body);
      await client.send(
        new PutObjectCommand({ Bucket: bucket, Key: key, Body: bytes, ContentLength: bytes.length, ContentType: contentType }),
      );
    },

    async get(key): Promise<StoredObject | null> {
      assertStorageKey(key);
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        if (!(answer.Body instanceof Readable)) throw new Error('The S3 client returned no readable body.');
        return { body: answer.Body, size: answer.ContentLength ?? 0 };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },

    async delete(key) {
      assertStorageKey(key);
      // S3 answers 204 whether or not the key existed.
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },

    async exists(key) {
      assertStorageKey(key);
      try {
        await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
        return true;
      } catch (error) {
        if (isNotFound(error)) return false;
        throw error;
      }
    },
  };
  return { storage, client };
}

async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}
