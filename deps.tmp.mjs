import * as esbuild from 'esbuild';
const [target, ...entries] = process.argv.slice(2);
const r = await esbuild.build({ entryPoints: entries, bundle: true, write: false, metafile: true, format: 'esm', splitting: true, outdir: '/tmp/esb', jsx: 'automatic', alias: { '@': './src/client', '@shared': './src/shared' }, loader: { '.css': 'empty', '.svg': 'empty', '.woff2': 'empty' }, logLevel: 'silent' });
const inputs = r.metafile.inputs;
const seen = new Set(entries.map(e => e.replace(/^\.\//,''))); const q = [...seen];
while (q.length) { const cur = q.shift(); for (const imp of inputs[cur]?.imports ?? []) { if (imp.kind !== 'import-statement' || imp.path.startsWith('<')) continue; if (!seen.has(imp.path)) { seen.add(imp.path); q.push(imp.path); } } }
for (const k of seen) { if (k.includes('node_modules')) continue; for (const i of inputs[k]?.imports ?? []) if (i.kind==='import-statement' && i.path.includes(target)) console.log(k, '->', i.path); }
