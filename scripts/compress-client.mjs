// Writes a brotli (.br) and a gzip (.gz) copy beside each text file of the built client, at
// the highest levels: the server sends them as they are (plugins/client-assets.ts), so the
// cost is paid once per build instead of once per request. Run after `vite build`.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const TEXT = new Set(['.html', '.js', '.mjs', '.css', '.svg', '.txt', '.json', '.webmanifest', '.xml']);

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    // .vite/ holds the build manifest, which is never served.
    if (entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

/** Compresses every text file under `dir`; a copy that would not be smaller is not written. */
export function compressClient(dir) {
  let written = 0;
  for (const file of files(dir)) {
    if (!TEXT.has(path.extname(file))) continue;
    const body = readFileSync(file);
    const br = brotliCompressSync(body, {
      params: { [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    });
    const gz = gzipSync(body, { level: 9 });
    for (const [extension, copy] of [['.br', br], ['.gz', gz]]) {
      if (copy.length >= body.length) continue;
      writeFileSync(file + extension, copy);
      written++;
    }
  }
  return written;
}
