import type { Config } from '../../config.ts';
import { type BlobStore, type BlobStoreLog, localBlobRoot } from './blob-store.ts';
import { LocalDiskBlobStore } from './local-disk-blob-store.ts';
import { S3BlobStore } from './s3-blob-store.ts';

/** The store the configuration asks for: S3 with ANDES_S3_BUCKET, else local disk under `<dataDir>/files`. */
export function createBlobStore(config: Pick<Config, 'dataDir' | 's3'>, log?: BlobStoreLog): BlobStore {
  if (config.s3) return new S3BlobStore(config.s3, log ? { log } : {});
  return new LocalDiskBlobStore(localBlobRoot(config.dataDir));
}
