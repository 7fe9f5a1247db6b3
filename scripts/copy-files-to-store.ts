// npm run files:copy-to-store   copies the photos and report PDFs under DATA_DIR into the object
// store that FILE_STORE=s3 and the S3_ variables name, each checked by SHA-256. Run it with the
// same environment as the server, before restarting the server with FILE_STORE=s3; running it
// again copies only what is missing. Nothing is deleted from DATA_DIR.
import { ConfigError, loadConfig } from '../src/server/config';
import { copyFiles } from '../src/server/files/copy-files';
import { filesystemFileStore } from '../src/server/files/file-store';
import { createFileStores } from '../src/server/files/file-stores';

let config;
try {
  config = loadConfig();
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
if (config.fileStore.kind !== 's3') {
  console.error('Set FILE_STORE=s3 and the S3_ variables of the bucket to copy into (README, "Files in object storage").');
  process.exit(2);
}
const target = await createFileStores(config);
try {
  for (const folder of ['photos', 'reports'] as const) {
    const { copied, alreadyThere } = await copyFiles(filesystemFileStore(config.dataDir, folder), target[folder]);
    console.log(`${folder}: ${copied} copied, ${alreadyThere} already in the bucket.`);
  }
} finally {
  target.close();
}
