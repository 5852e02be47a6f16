/**
 * A tiny S3 on 127.0.0.1 for the S3 storage's tests: path-style PutObject, GetObject, HeadObject and
 * DeleteObject on one bucket, kept in memory. It checks what the SDK sends as S3 would — the AWS
 * Signature Version 4 of each request recomputed from the test credentials, the signed SHA-256 of the
 * body, the declared length — and answers S3's XML errors. (No maintained S3 emulator installs from
 * npm: s3rver, the usual one, has had no release since 2021.)
 */
import { createHash, createHmac } from 'node:crypto';
import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface S3StandIn {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  objects: Map<string, { body: Buffer; contentType: string | undefined }>;
  /** Every request as received: method, path, headers. */
  requests: { method: string; path: string; headers: IncomingMessage['headers'] }[];
  close(): Promise<void>;
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();
const encode = (text: string) => encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** The reason a request's SigV4 signature is wrong, or null when it is right. */
function signatureProblem(request: IncomingMessage, url: URL, body: Buffer, stand: Pick<S3StandIn, 'accessKeyId' | 'secretAccessKey' | 'region'>): string | null {
  const auth = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(
    String(request.headers.authorization ?? ''),
  );
  if (!auth) return 'no AWS4-HMAC-SHA256 authorization';
  const [, keyId, date = '', region = '', signedHeaders = '', signature] = auth;
  if (keyId !== stand.accessKeyId) return 'unknown access key';
  if (region !== stand.region) return `wrong region ${region}`;
  const amzDate = String(request.headers['x-amz-date'] ?? '');
  if (!amzDate.startsWith(date)) return 'x-amz-date does not match the credential date';
  const payloadHash = String(request.headers['x-amz-content-sha256'] ?? '');
  if (payloadHash !== sha256(body)) return `x-amz-content-sha256 is not the body's SHA-256 (${payloadHash})`;
  const names = signedHeaders.split(';');
  for (const needed of ['host', 'x-amz-date', 'x-amz-content-sha256']) if (!names.includes(needed)) return `${needed} is not signed`;
  const query = [...url.searchParams.entries()]
    .map(([k, v]) => [encode(k), encode(v)] as const)
    .sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : 1) : a < b ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const headers = names.map((name) => `${name}:${String(request.headers[name] ?? '').trim().replace(/\s+/g, ' ')}\n`).join('');
  const canonical = [request.method, url.pathname, query, headers, signedHeaders, payloadHash].join('\n');
  const scope = `${date}/${region}/s3/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${stand.secretAccessKey}`, date), region), 's3'), 'aws4_request');
  return createHmac('sha256', key).update(toSign).digest('hex') === signature ? null : 'signature does not match';
}

function xmlError(response: ServerResponse, status: number, code: string, message: string) {
  response.writeHead(status, { 'content-type': 'application/xml' });
  response.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`);
}

export async function startS3StandIn(): Promise<S3StandIn> {
  const stand = {
    bucket: 'baridesk-test',
    region: 'eu-central-1',
    accessKeyId: 'AKIATESTSTANDIN',
    secretAccessKey: 'stand-in-secret-key',
    objects: new Map<string, { body: Buffer; contentType: string | undefined }>(),
    requests: [] as S3StandIn['requests'],
  };

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const url = new URL(request.url ?? '/', 'http://stand-in');
      const method = request.method ?? '';
      stand.requests.push({ method, path: url.pathname, headers: request.headers });
      const problem = signatureProblem(request, url, body, stand);
      if (problem) return xmlError(response, 403, 'SignatureDoesNotMatch', problem);
      const prefix = `/${stand.bucket}/`;
      if (!url.pathname.startsWith(prefix)) return xmlError(response, 404, 'NoSuchBucket', 'The specified bucket does not exist');
      const key = decodeURIComponent(url.pathname.slice(prefix.length));
      const object = stand.objects.get(key);
      switch (method) {
        case 'PUT': {
          if (request.headers['content-encoding']?.includes('aws-chunked')) return xmlError(response, 501, 'NotImplemented', 'aws-chunked');
          if (Number(request.headers['content-length']) !== body.length) return xmlError(response, 400, 'IncompleteBody', 'length');
          stand.objects.set(key, { body, contentType: request.headers['content-type'] });
          response.writeHead(200, { etag: `"${createHash('md5').update(body).digest('hex')}"` });
          return response.end();
        }
        case 'GET':
        case 'HEAD': {
          if (!object) {
            if (method === 'HEAD') {
              response.writeHead(404);
              return response.end();
            }
            return xmlError(response, 404, 'NoSuchKey', 'The specified key does not exist.');
          }
          response.writeHead(200, { 'content-length': object.body.length, 'content-type': object.contentType ?? 'binary/octet-stream' });
          return response.end(method === 'GET' ? object.body : undefined);
        }
        case 'DELETE':
          stand.objects.delete(key);
          response.writeHead(204);
          return response.end();
        default:
          return xmlError(response, 405, 'MethodNotAllowed', method);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    ...stand,
    endpoint: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
