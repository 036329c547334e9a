import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, GetObjectCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

/** The credentials s3rver knows (its one built-in account). */
const ACCESS_KEY_ID = 'S3RVER';
const SECRET_ACCESS_KEY = 'S3RVER';
const REGION = 'us-east-1';

export interface TestS3 {
  endpoint: string;
  /** A client of the store, to read what the app wrote. */
  client: S3Client;
  /** The S3_* variables that make an app store its uploads in `bucket` of this server. */
  env(bucket: string, overrides?: Record<string, string>): Record<string, string>;
  createBucket(bucket: string): Promise<void>;
  /** The stored bytes and type of a key, or null when the bucket does not hold it. */
  object(bucket: string, key: string): Promise<{ body: Buffer; contentType: string | undefined } | null>;
  has(bucket: string, key: string): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * A real S3-compatible server (s3rver, on local disk) on a free port of 127.0.0.1 with a temporary
 * folder of its own, both gone after close().
 */
export async function startS3(): Promise<TestS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'agrihub-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    endpoint,
    region: REGION,
    forcePathStyle: true,
    credentials: { accessKeyId: ACCESS_KEY_ID, secretAccessKey: SECRET_ACCESS_KEY },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const missing = (err: unknown) =>
    (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404;
  return {
    endpoint,
    client,
    env: (bucket, overrides = {}) => ({
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: REGION,
      S3_ACCESS_KEY_ID: ACCESS_KEY_ID,
      S3_SECRET_ACCESS_KEY: SECRET_ACCESS_KEY,
      S3_FORCE_PATH_STYLE: 'true',
      ...overrides,
    }),
    async createBucket(bucket) {
      await client.send(new CreateBucketCommand({ Bucket: bucket }));
    },
    async object(bucket, key) {
      try {
        const res = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        return { body: Buffer.from(await res.Body!.transformToByteArray()), contentType: res.ContentType };
      } catch (err) {
        if (missing(err)) return null;
        throw err;
      }
    },
    async has(bucket, key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
        return true;
      } catch (err) {
        if (missing(err)) return false;
        throw err;
      }
    },
    async close() {
      client.destroy();
      try {
        await server.close();
      } finally {
        fs.rmSync(directory, { recursive: true, force: true });
      }
    },
  };
}
