import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import type { Readable } from "node:stream";
import { checkedKey, type ObjectStore } from "./object-store";

export interface S3Settings {
  endpoint?: string;
  bucket: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
}

export function s3Client(s: S3Settings): S3Client {
  return new S3Client({
    endpoint: s.endpoint,
    region: s.region,
    forcePathStyle: s.forcePathStyle,
    // Without keys the SDK's own chain is used (instance role, ~/.aws, AWS_* variables).
    credentials:
      s.accessKeyId && s.secretAccessKey
        ? { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey }
        : undefined,
    // Checksums only where S3 requires them: the default streaming CRC trailer is not understood
    // by every S3-compatible server (MinIO before 2023, s3rver, some gateways).
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    maxAttempts: 3,
  });
}

const notFound = (err: unknown) =>
  err instanceof S3ServiceException &&
  (err.name === "NoSuchKey" || err.name === "NotFound" || err.$metadata.httpStatusCode === 404);

/**
 * Objects under one prefix of a bucket ("uploads/" or "private/contact/"). Objects are written
 * without an ACL, so they are as private as the bucket; only the uploads prefix may be opened to the
 * public by a bucket policy (docs/deploy.md), never the private one.
 */
export function s3ObjectStore(client: S3Client, bucket: string, prefix: string): ObjectStore {
  const objectKey = (key: string) => prefix + checkedKey(key);
  return {
    async put(key, content, contentType) {
      await client.send(
        new PutObjectCommand({ Bucket: bucket, Key: objectKey(key), Body: content, ContentType: contentType }),
      );
    },
    async get(key) {
      try {
        const res = await client.send(new GetObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
        return Buffer.from(await res.Body!.transformToByteArray());
      } catch (err) {
        if (notFound(err)) return null;
        throw err;
      }
    },
    async open(key) {
      try {
        const res = await client.send(new GetObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
        return { body: res.Body as Readable, length: res.ContentLength, contentType: res.ContentType };
      } catch (err) {
        if (notFound(err)) return null;
        throw err;
      }
    },
    async exists(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
        return true;
      } catch (err) {
        if (notFound(err)) return false;
        throw err;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
    },
    async *list() {
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }),
        );
        for (const o of page.Contents ?? []) {
          const name = o.Key?.slice(prefix.length);
          if (name && !name.includes("/")) yield name;
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
  };
}
