// Stored files in an S3-compatible bucket (S3_URL), through the official AWS SDK v3. Uploads stream in
// parts (lib-storage's Upload: one PutObject for a small file, a multipart upload for a large one), so an
// export of any size holds at most PARTS_IN_FLIGHT parts in memory; downloads stream the object's body.
import type { Readable } from 'node:stream';
import type { ObjectStoreConfig } from '../../config';
import { fileStoreUnavailable } from '../errors';
import type { FileStorage } from './storage';

/** S3's smallest part; at most 10,000 parts make a file of up to 48 GiB, far beyond any export here. */
const PART_BYTES = 5 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;

/** The SDK's answers for "no object under this key" (GetObject's, and HeadObject's, which has no body). */
const isMissing = (error: unknown) => {
  const name = (error as { name?: unknown }).name;
  return name === 'NoSuchKey' || name === 'NotFound';
};

/**
 * The bucket of S3_URL. The SDK (some 40 MB and a few hundred milliseconds to load) is imported here, when
 * S3_URL is set, and not by a deployment on the local folder, in development or in the bundle.
 */
export async function s3FileStorage(store: ObjectStoreConfig): Promise<FileStorage> {
  const { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, S3Client } = await import('@aws-sdk/client-s3');
  const { Upload } = await import('@aws-sdk/lib-storage');
  // Every setting is given here rather than left to the SDK's own reading of the environment and of
  // ~/.aws, so that config.ts stays the one place the deployment is described.
  const client = new S3Client({
    region: store.region,
    credentials: store.credentials,
    ...(store.endpoint ? { endpoint: store.endpoint } : {}),
    forcePathStyle: store.forcePathStyle,
    maxAttempts: 3,
    retryMode: 'standard',
    // A store that does not answer is a 503 within seconds, not a request hanging until the client leaves.
    requestHandler: { connectionTimeout: 3_000, requestTimeout: 30_000 },
    // S3-compatible servers other than AWS often refuse the newer default checksums (aws-chunked bodies);
    // each file's SHA-256 is in its row anyway.
    requestChecksumCalculation: store.endpoint ? 'WHEN_REQUIRED' : 'WHEN_SUPPORTED',
    responseChecksumValidation: store.endpoint ? 'WHEN_REQUIRED' : 'WHEN_SUPPORTED',
  });
  const Bucket = store.bucket;
  return {
    location: `s3://${Bucket}`,
    async put(key, body, contentType) {
      let bodyError: unknown = null;
      body.once('error', (error) => {
        bodyError = error;
      });
      const upload = new Upload({
        client,
        params: { Bucket, Key: key, Body: body, ContentType: contentType },
        partSize: PART_BYTES,
        queueSize: PARTS_IN_FLIGHT,
        // A multipart upload that fails is aborted, so no parts are left billed and invisible.
        leavePartsOnError: false,
      });
      try {
        await upload.done();
      } catch (error) {
        // The writer failed (an export's query): its error, not the store's.
        if (bodyError) throw bodyError;
        throw fileStoreUnavailable(error);
      }
    },
    async get(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        return answer.Body as Readable;
      } catch (error) {
        if (isMissing(error)) return null;
        throw fileStoreUnavailable(error);
      }
    },
    async delete(key) {
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
      } catch (error) {
        throw fileStoreUnavailable(error);
      }
    },
    async exists(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw fileStoreUnavailable(error);
      }
    },
    async close() {
      client.destroy();
    },
  };
}
