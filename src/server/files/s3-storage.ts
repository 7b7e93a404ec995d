import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { Config } from '../config/config';
import type { Storage } from './storage';

export function s3Storage(s3: NonNullable<Config['s3']>): Storage {
  const client = new S3Client({
    region: s3.region,
    endpoint: s3.endpoint,
    // Self-hosted S3-compatible servers (MinIO, Ceph) address buckets by path.
    forcePathStyle: Boolean(s3.endpoint),
    credentials:
      s3.accessKeyId && s3.secretAccessKey
        ? { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey }
        : undefined,
  });
  return {
    async put(key, body, contentType) {
      await client.send(
        new PutObjectCommand({ Bucket: s3.bucket, Key: key, Body: body, ContentType: contentType }),
      );
    },
    async get(key) {
      try {
        const out = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }));
        return out.Body as Readable | undefined;
      } catch (err) {
        if (err instanceof NoSuchKey) return undefined;
        throw err;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: key }));
    },
    // The bucket answers and these credentials reach it. Not a write: a versioned bucket (the
    // compose file's) would keep a version and a delete marker of every probe for good.
    async ready() {
      await client.send(new HeadBucketCommand({ Bucket: s3.bucket }));
    },
  };
}
