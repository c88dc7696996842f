import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import type { S3Config } from '../../src/config.ts';

export interface S3Emulator {
  settings: S3Config;
  /** The emulator's folder (its own layout, not the store's). */
  directory: string;
  close(): Promise<void>;
}

/**
 * An S3 emulator (s3rver) of this test run: on 127.0.0.1 at a free port, in a fresh temporary
 * folder, with one empty bucket. It knows the access key S3RVER but does not check SigV4
 * signatures: sigv4.ts does that in the tests.
 */
export async function startS3Emulator(bucket = 'andes-test'): Promise<S3Emulator> {
  const directory = await mkdtemp(join(tmpdir(), 'andes-s3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true, configureBuckets: [{ name: bucket, configs: [] }] });
  const address = await server.run();
  return {
    settings: {
      bucket,
      endpoint: `http://127.0.0.1:${address.port}`,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    },
    directory,
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
