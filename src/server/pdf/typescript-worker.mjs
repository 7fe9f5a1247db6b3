// A worker thread's entry when the server runs from its TypeScript sources (the tests, `npm run
// dev`): Node 20 does not pass `--import tsx` on to workers, so the loader is registered here
// before the worker's own module (workerData.entry) is loaded. The built server never uses it.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
