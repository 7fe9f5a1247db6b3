import { createFileStores, type FileStores } from '../files/file-stores';
import { startS3Server, type TestS3Server } from './s3-server';
import { createTestContext, type TestContext } from './test-app';

export interface S3App {
  s3: TestS3Server;
  ctx: TestContext;
  /** The stores as the app has them, for a test to look into the bucket. */
  files: FileStores;
  close(): Promise<void>;
}

/** The app with FILE_STORE=s3 against a real S3-compatible server (s3rver) of its own. */
export async function startS3App(): Promise<S3App> {
  const s3 = await startS3Server();
  const ctx = await createTestContext(s3.env);
  const files = await createFileStores(ctx.config);
  return {
    s3,
    ctx,
    files,
    async close() {
      files.close();
      await ctx.close();
      await s3.close();
    },
  };
}
