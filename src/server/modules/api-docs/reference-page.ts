/**
 * The API reference as one plain HTML page, written on the server from the OpenAPI document:
 * headings, lists and tables that a screen reader, a keyboard and a phone read as well as a
 * mouse does, with no script. It replaced Swagger UI, whose page failed axe (controls nested in
 * controls, an unnamed select, low contrast) and needed a megabyte of script to show text
 * (docs/api.md).
 */

interface Schema {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  additionalProperties?: Schema | boolean;
  description?: string;
  format?: string;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
}
interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: Schema;
}
interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  security?: unknown[];
  parameters?: Parameter[];
  requestBody?: { required?: boolean; description?: string; content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: Schema }> }>;
}
export interface OpenApiDocumentLike {
  info: { title: string; version: string; description?: string };
  tags?: { name: string; description?: string }[];
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

const escape = (value: unknown) =>
  String(value).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The descriptions' `code` spans as code; everything else as text. */
const prose = (text: string | undefined) => (text ? escape(text).replace(/`([^`]+)`/g, '<code>$1</code>') : '');

const slug = (value: string) => value.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
const schemaId = (name: string) => `schema-${slug(name)}`;
const refName = (ref: string) => ref.split('/').at(-1)!;
const literal = (value: unknown) => `<code>${escape(JSON.stringify(value))}</code>`;

/** A schema's type in words, with links to the named shapes it refers to. */
function typeOf(schema: Schema | undefined): string {
  if (!schema) return 'any';
  if (schema.$ref) {
    const name = refName(schema.$ref);
    return `<a href="#${schemaId(name)}">${escape(name)}</a>`;
  }
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return alternatives.map(typeOf).join(' or ');
  if (schema.allOf) return schema.allOf.map(typeOf).join(' and ');
  if (schema.const !== undefined) return literal(schema.const);
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  const words = types.map((type) => {
    if (type === 'array') return `list of ${typeOf(schema.items)}`;
    if (type === 'object' && schema.additionalProperties && typeof schema.additionalProperties === 'object') return `map of ${typeOf(schema.additionalProperties)}`;
    return escape(type) + (type === 'string' && schema.format ? ` (${escape(schema.format)})` : '');
  });
  return words.join(' or ') || 'any';
}

/** What a value may be, beyond its type: allowed values, default, limits. */
function constraints(schema: Schema | undefined): string {
  if (!schema) return '';
  const parts: string[] = [];
  const values = schema.enum ?? (schema.anyOf ?? schema.oneOf)?.flatMap((s) => s.enum ?? []);
  if (values?.length) parts.push(`Available values: ${values.map((v) => literal(v)).join(', ')}.`);
  if (schema.default !== undefined) parts.push(`Default: ${literal(schema.default)}.`);
  if (schema.minimum !== undefined && schema.maximum !== undefined && schema.maximum < Number.MAX_SAFE_INTEGER) parts.push(`From ${schema.minimum} to ${schema.maximum}.`);
  else if (schema.minimum !== undefined) parts.push(`At least ${schema.minimum}.`);
  if (schema.maxLength !== undefined) parts.push(`At most ${schema.maxLength} characters.`);
  return parts.join(' ');
}

function describe(schema: Schema | undefined, extra?: string): string {
  return [prose(extra ?? schema?.description), constraints(schema)].filter(Boolean).join(' ');
}

/** An object's fields as table rows; inline objects' fields follow with dotted names. */
function fieldRows(schema: Schema, prefix = '', depth = 0): string[] {
  const rows: string[] = [];
  const required = new Set(schema.required ?? []);
  for (const [name, field] of Object.entries(schema.properties ?? {})) {
    const full = `${prefix}${name}`;
    rows.push(
      `<tr><th scope="row"><code>${escape(full)}</code></th><td>${typeOf(field)}</td><td>${required.has(name) ? 'Yes' : 'No'}</td><td>${describe(field)}</td></tr>`,
    );
    const inner = field.type === 'array' ? field.items : field;
    if (inner?.properties && depth < 3) rows.push(...fieldRows(inner, `${full}${field.type === 'array' ? '[]' : ''}.`, depth + 1));
  }
  return rows;
}

function fieldsTable(schema: Schema, caption: string): string {
  const rows = fieldRows(schema);
  if (rows.length === 0) return `<p>${typeOf(schema)}${describe(schema) ? `. ${describe(schema)}` : ''}</p>`;
  return `<table><caption>${escape(caption)}</caption><thead><tr><th scope="col">Field</th><th scope="col">Type</th><th scope="col">Required</th><th scope="col">Description</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

function operationSection(path: string, method: string, operation: Operation): string {
  const title = `${method.toUpperCase()} ${path}`;
  const id = operation.operationId ? `op-${slug(operation.operationId)}` : `op-${slug(title)}`;
  const parts = [
    `<section class="operation" aria-labelledby="${id}">`,
    `<h3 id="${id}"><span class="method method-${method}">${method.toUpperCase()}</span> <code>${escape(path)}</code> <span class="summary">${escape(operation.summary ?? '')}</span></h3>`,
  ];
  if (operation.description) parts.push(`<p>${prose(operation.description)}</p>`);
  if (operation.security && operation.security.length === 0) parts.push('<p>Public: no sign-in or token needed.</p>');
  const parameters = operation.parameters ?? [];
  if (parameters.length > 0) {
    parts.push(
      `<table><caption>Parameters of ${escape(title)}</caption><thead><tr><th scope="col">Name</th><th scope="col">In</th><th scope="col">Type</th><th scope="col">Required</th><th scope="col">Description</th></tr></thead><tbody>`,
      ...parameters.map(
        (p) =>
          `<tr><th scope="row"><code>${escape(p.name)}</code></th><td>${escape(p.in)}</td><td>${typeOf(p.schema)}</td><td>${p.required ? 'Yes' : 'No'}</td><td>${describe(p.schema, p.description)}</td></tr>`,
      ),
      '</tbody></table>',
    );
  }
  const body = operation.requestBody;
  if (body?.content) {
    for (const [type, media] of Object.entries(body.content)) {
      parts.push(`<p><strong>Request body</strong> (<code>${escape(type)}</code>${body.required ? ', required' : ''}): ${typeOf(media.schema)}${body.description ? `. ${prose(body.description)}` : ''}</p>`);
    }
  }
  const responses = Object.entries(operation.responses ?? {});
  if (responses.length > 0) {
    parts.push(
      `<table><caption>Responses of ${escape(title)}</caption><thead><tr><th scope="col">Status</th><th scope="col">Description</th><th scope="col">Body</th></tr></thead><tbody>`,
      ...responses.map(([status, response]) => {
        const media = Object.entries(response.content ?? {});
        const shown = media.map(([type, m]) => `${m.schema ? typeOf(m.schema) : ''} <span class="muted">(<code>${escape(type)}</code>)</span>`).join('<br>');
        return `<tr><th scope="row">${escape(status)}</th><td>${prose(response.description)}</td><td>${shown || 'None'}</td></tr>`;
      }),
      '</tbody></table>',
    );
  }
  parts.push('</section>');
  return parts.join('\n');
}

const STYLE = `
:root { color-scheme: light; }
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #0f172a; background: #fff; overflow-wrap: break-word; }
a { color: #1d4ed8; }
a:focus-visible { outline: 3px solid #1d4ed8; outline-offset: 2px; }
.skip { position: absolute; left: -9999px; }
.skip:focus { left: 1rem; top: 1rem; background: #fff; padding: .5rem 1rem; z-index: 1; }
header, main, nav { max-width: 64rem; margin: 0 auto; padding: 0 1rem; }
header { padding-top: 1.5rem; }
h1 { font-size: 1.75rem; margin: 0 0 .5rem; }
h2 { font-size: 1.4rem; margin: 2.5rem 0 1rem; padding-bottom: .25rem; border-bottom: 2px solid #e2e8f0; }
h3 { font-size: 1.05rem; margin: 0 0 .5rem; overflow-wrap: anywhere; }
code, a, caption, td:last-child { overflow-wrap: anywhere; }
code { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: .9em; }
nav ul { columns: 14rem; padding-left: 1.25rem; }
.operation { border: 1px solid #cbd5e1; border-radius: .5rem; padding: 1rem; margin: 0 0 1rem; }
.method { display: inline-block; min-width: 4.25rem; text-align: center; border-radius: .25rem; padding: 0 .4rem; color: #fff; font-size: .85rem; }
.method-get { background: #1d4ed8; } .method-post { background: #15803d; } .method-put, .method-patch { background: #9a3412; } .method-delete { background: #b91c1c; }
.summary { font-weight: 400; }
.muted { color: #475569; }
table { border-collapse: collapse; width: 100%; margin: .75rem 0; font-size: .9rem; }
caption { text-align: left; font-weight: 600; padding: .25rem 0; }
th, td { border: 1px solid #cbd5e1; padding: .35rem .5rem; text-align: left; vertical-align: top; }
@media (max-width: 40rem) { table { font-size: .8rem; } th, td { padding: .25rem .3rem; } }
thead th { background: #f1f5f9; }
`;

/** The whole page. */
export function renderReferencePage(document: OpenApiDocumentLike): string {
  const operationsByTag = new Map<string, string[]>();
  const tagOrder = (document.tags ?? []).map((t) => t.name);
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = methods[method];
      if (!operation) continue;
      const tag = operation.tags?.[0] ?? 'Other';
      if (!operationsByTag.has(tag)) operationsByTag.set(tag, []);
      operationsByTag.get(tag)!.push(operationSection(path, method, operation));
    }
  }
  const tags = [...tagOrder.filter((t) => operationsByTag.has(t)), ...[...operationsByTag.keys()].filter((t) => !tagOrder.includes(t))];
  const schemas = Object.entries(document.components?.schemas ?? {});
  const tagIntro = new Map((document.tags ?? []).map((t) => [t.name, t.description]));

  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(document.info.title)} reference</title>
<style>${STYLE}</style>
</head>
<body>
<a class="skip" href="#reference">Skip to the reference</a>
<header>
<h1>${escape(document.info.title)} <span class="muted">${escape(document.info.version)}</span></h1>
<p>${prose(document.info.description)}</p>
<p>The same description as an OpenAPI 3.1 document, for code generators and API tools: <a href="/api/openapi.json">/api/openapi.json</a>.</p>
</header>
<nav aria-label="Sections of the reference">
<h2 id="contents">Contents</h2>
<ul>
${tags.map((tag) => `<li><a href="#tag-${slug(tag)}">${escape(tag)}</a> (${operationsByTag.get(tag)!.length})</li>`).join('\n')}
<li><a href="#schemas">Schemas</a> (${schemas.length})</li>
</ul>
</nav>
<main id="reference">
${tags
  .map(
    (tag) => `<section aria-labelledby="tag-${slug(tag)}">
<h2 id="tag-${slug(tag)}">${escape(tag)}</h2>
${tagIntro.get(tag) ? `<p>${prose(tagIntro.get(tag))}</p>` : ''}
${operationsByTag.get(tag)!.join('\n')}
</section>`,
  )
  .join('\n')}
<section aria-labelledby="schemas">
<h2 id="schemas">Schemas</h2>
${schemas
  .map(
    ([name, schema]) => `<section class="operation" aria-labelledby="${schemaId(name)}">
<h3 id="${schemaId(name)}">${escape(name)}</h3>
${schema.description ? `<p>${prose(schema.description)}</p>` : ''}
${fieldsTable(schema, `Fields of ${name}`)}
</section>`,
  )
  .join('\n')}
</section>
</main>
</body>
</html>
`;
}

