import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { systemNow } from '../core/time/system-clock.ts';
import { ENDPOINTS, normalizePath } from '../core/voice-platform/registry.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
/** The published document in the shared folder beside the repository (`../shared`), the layout CI has too. */
export const DEFAULT_SOURCE = join(root, '..', 'shared', 'contracts', 'vapi-openapi.json');
export const OUTPUT = join(root, 'core/voice-platform/request-schemas.json');

/** Keywords that validate; everything else (description, example, title, default, deprecated …) is dropped. */
const KEEP = new Set([
  'type',
  'enum',
  'const',
  'format',
  'minLength',
  'maxLength',
  'pattern',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minItems',
  'maxItems',
  'uniqueItems',
  'required',
]);
/**
 * Definitions left open although they declare properties: user-written JSON Schema (a function's parameters).
 * The document lists nine keywords but points to the JSON Schema reference for the format and the platform
 * hands the schema to the model provider, so `minimum`, `additionalProperties` … are not refused here.
 */
const OPEN = new Set(['JsonSchema', 'OpenAIFunctionParameters']);
/** Formats worth checking (ajv gets them from validate-request.ts); `binary` and others are documentation. */
const FORMATS = new Set(['uuid', 'date-time', 'uri']);

/** The document's own methods, for each registry endpoint with a JSON body (`METHOD /path` keys). */
function routedOperations(document) {
  const byShape = new Map();
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const [method, op] of Object.entries(item)) {
      byShape.set(`${method.toUpperCase()} ${normalizePath(path)}`, op);
    }
  }
  const bodySchema = (op) => op?.requestBody?.content?.['application/json']?.schema;
  const out = [];
  for (const endpoint of ENDPOINTS) {
    if (endpoint.body !== 'json' || !['POST', 'PATCH', 'PUT'].includes(endpoint.method)) continue;
    const key = `${endpoint.method} ${endpoint.path}`;
    let schema = bodySchema(byShape.get(`${endpoint.method} ${normalizePath(endpoint.path)}`));
    let from;
    if (!schema && endpoint.method === 'PUT') {
      const collection = normalizePath(endpoint.path).replace(/\/\{\}$/, '');
      schema = bodySchema(byShape.get(`POST ${collection}`));
      if (schema) from = `POST ${endpoint.path.replace(/\/\{[^}]+\}$/, '')}`;
    }
    if (schema && !out.some((o) => o.key === key)) out.push({ key, schema, from });
  }
  return out;
}

function refName(ref) {
  const match = /^#\/components\/schemas\/(.+)$/.exec(ref);
  if (!match) throw new Error(`unsupported $ref ${ref} (only #/components/schemas/…)`);
  return match[1];
}

/**
 * The derived schemas of one document: `{ endpoints: { 'POST /assistant': schema }, $defs }`, both in a
 * stable order (endpoints in registry order, $defs by name).
 */
export function deriveRequestSchemas(document) {
  const components = document.components?.schemas ?? {};
  const defs = new Map();
  const queue = [];
  const use = (ref) => {
    const name = refName(ref);
    if (!(name in components)) throw new Error(`dangling $ref ${ref}`);
    if (!defs.has(name)) {
      defs.set(name, null);
      queue.push(name);
    }
    return { $ref: `#/$defs/${name}` };
  };
  const resolve = (schema) => (schema?.$ref ? components[refName(schema.$ref)] : schema);

  /** The property every branch pins to one distinct value, or undefined. */
  function discriminatorOf(node) {
    const branches = node.oneOf.map(resolve);
    const candidates = node.discriminator?.propertyName
      ? [node.discriminator.propertyName]
      : Object.keys(branches[0]?.properties ?? {});
    for (const name of candidates) {
      const values = branches.map((b) => {
        const prop = resolve(b?.properties?.[name]);
        if (prop?.const !== undefined) return prop.const;
        return Array.isArray(prop?.enum) && prop.enum.length === 1 ? prop.enum[0] : undefined;
      });
      if (values.every((v) => typeof v === 'string') && new Set(values).size === values.length) {
        return { name, values, required: branches.every((b) => b?.required?.includes(name)) };
      }
    }
    return undefined;
  }

  function trim(node) {
    if (Array.isArray(node)) return node.map(trim);
    if (!node || typeof node !== 'object') return node;
    if (node.$ref) return use(node.$ref);
    // `allOf: [{$ref}]` (with or without a one-branch oneOf beside it) is how the document attaches a
    // description to a reference: the reference is the schema.
    const single = node.allOf?.length === 1 ? node.allOf[0] : node.oneOf?.length === 1 ? node.oneOf[0] : undefined;
    if (single && !node.properties && !node.type) return nullable(node, trim(single));
    const out = {};
    for (const [key, value] of Object.entries(node)) {
      if (KEEP.has(key)) {
        if (key === 'format' && !FORMATS.has(value)) continue;
        // An array's `enum` repeats its items' (how the document's generator writes `@IsIn(…, { each: true })`).
        if (key === 'enum' && node.type === 'array') continue;
        // Patterns come as regex literals ("/^[a-z]+$/u"): JSON Schema wants the source (ajv adds `u` itself).
        if (key === 'pattern') {
          out.pattern = /^\/(.*)\/[a-z]*$/s.exec(value)?.[1] ?? value;
          continue;
        }
        if (key === 'required' && (!Array.isArray(value) || value.length === 0)) continue;
        out[key] = value;
      } else if (key === 'items') out.items = trim(value);
      else if (key === 'properties') {
        out.properties = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, trim(v)]));
      } else if (key === 'additionalProperties') out.additionalProperties = trim(value);
      else if (key === 'allOf' || key === 'anyOf') out[key] = value.map(trim);
    }
    if (node.oneOf) {
      const tag = discriminatorOf(node);
      if (tag) {
        out.type = 'object';
        out['x-discriminator'] = {
          propertyName: tag.name,
          required: tag.required,
          mapping: Object.fromEntries(tag.values.map((v, i) => [v, trim(node.oneOf[i])])),
        };
      } else out.anyOf = node.oneOf.map(trim);
    }
    // NestJS refuses properties a DTO does not declare; objects without declared properties are free-form.
    if (out.properties && !('additionalProperties' in out)) out.additionalProperties = false;
    if (out.properties && out.type === undefined) out.type = 'object';
    return nullable(node, out);
  }

  function nullable(node, out) {
    if (node.nullable !== true) return out;
    if (typeof out.type === 'string') return { ...out, type: [out.type, 'null'] };
    return { anyOf: [{ type: 'null' }, out] };
  }

  const endpoints = {};
  for (const { key, schema, from } of routedOperations(document)) {
    endpoints[key] = from ? { ...trim(schema), 'x-from': from } : trim(schema);
  }
  while (queue.length) {
    const name = queue.shift();
    const schema = trim(components[name]);
    if (OPEN.has(name) && schema.additionalProperties === false) delete schema.additionalProperties;
    defs.set(name, schema);
  }
  for (const [name, schema] of shareLongEnums(Object.fromEntries(defs))) defs.set(name, schema);
  const $defs = Object.fromEntries([...defs.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return { endpoints, $defs };
}

/**
 * Long enums repeated across definitions (the language lists of each transcriber and its fallback twin, a
 * model list and its fallback list) move to one definition named after their first place
 * (`CartesiaTranscriber.language`): about a third of the file. Rewrites `defs` in place; returns the new ones.
 */
function shareLongEnums(defs) {
  const places = new Map();
  const visit = (node, path) => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      node.forEach((v, i) => {
        visit(v, [...path, i]);
      });
      return;
    }
    const keys = Object.keys(node);
    if (Array.isArray(node.enum) && node.enum.length >= 20 && keys.every((k) => k === 'enum' || k === 'type')) {
      const key = JSON.stringify(node);
      if (!places.has(key)) places.set(key, []);
      places.get(key).push({ node, path });
      return;
    }
    for (const [k, v] of Object.entries(node)) visit(v, [...path, k]);
  };
  for (const name of Object.keys(defs).sort()) visit(defs[name], [name]);
  const shared = [];
  for (const [key, uses] of places) {
    if (uses.length < 2) continue;
    const name = uses[0].path.filter((p) => p !== 'properties').join('.');
    shared.push([name, JSON.parse(key)]);
    for (const { node } of uses) {
      for (const k of Object.keys(node)) delete node[k];
      node.$ref = `#/$defs/${name}`;
    }
  }
  return shared;
}

/** What the header says about the source: title, version, hash, and the upstream commit when a note gives it. */
export function describeSource(bytes, sourcePath) {
  const document = JSON.parse(bytes.toString('utf8'));
  const source = {
    title: document.info?.title,
    version: document.info?.version,
    openapi: document.openapi,
    sha256: createHash('sha256').update(bytes).digest('hex'),
  };
  // The contracts folder keeps a note (`*.source.txt`) beside the document: where it came from, when it changed.
  const dir = dirname(sourcePath);
  const file = sourcePath.split('/').at(-1) ?? '';
  for (const name of existsSync(dir) ? readdirSync(dir).sort() : []) {
    if (!name.endsWith('.source.txt')) continue;
    const text = readFileSync(join(dir, name), 'utf8');
    const start = text.search(new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} `, 'm'));
    if (start < 0) continue;
    const section = text.slice(start).split(/\n\s*\n/)[0] ?? '';
    const found =
      /last changed in ([0-9a-f]{40}) \((\d{4}-\d{2}-\d{2})/.exec(section) ??
      /at commit ([0-9a-f]{40}) \((\d{4}-\d{2}-\d{2})\)/.exec(section);
    const origin = /Source: GitHub ([\w.-]+\/[\w.-]+), path (\S+?),/.exec(text);
    if (origin) source.upstream = `${origin[1]}/${origin[2]}`;
    if (found) Object.assign(source, { commit: found[1], published: found[2] });
    break;
  }
  return { document, source };
}

/** The whole derived file (without formatting). `derivedOn` is kept from `previous` when nothing else changed. */
export function derivedFile(bytes, sourcePath, previous, today = systemNow().toISOString().slice(0, 10)) {
  const { document, source } = describeSource(bytes, sourcePath);
  const { endpoints, $defs } = deriveRequestSchemas(document);
  const body = { source, endpoints, $defs };
  const same = previous && JSON.stringify(comparable(previous)) === JSON.stringify(body);
  return {
    $comment: `Derived by scripts/derive-voice-schemas.mjs (npm run derive:voice-schemas) from the voice platform's published OpenAPI document "${source.title}" version ${source.version}${source.published ? ` of ${source.published}` : ''}. Do not edit: re-derive.`,
    derivedOn: same ? previous.derivedOn : today,
    ...body,
  };
}

/** The part of a derived file that depends only on the document and the registry. */
export function comparable(file) {
  const { source, endpoints, $defs } = file;
  return { source, endpoints, $defs };
}

/**
 * One line per endpoint and per definition: a re-derivation's diff names what changed, and the file stays well
 * under its size cap (pretty-printed it was 492 KB of the 500 KB; this is about two thirds of that). Biome leaves
 * the file alone (biome.json), as a derived artifact.
 */
export function format(file) {
  const lines = ['{'];
  const entries = Object.entries(file);
  entries.forEach(([key, value], index) => {
    const comma = index < entries.length - 1 ? ',' : '';
    if (key === 'endpoints' || key === '$defs') {
      const inner = Object.entries(value).map(([k, v]) => `    ${JSON.stringify(k)}: ${JSON.stringify(v)}`);
      lines.push(`  ${JSON.stringify(key)}: {`, inner.join(',\n'), `  }${comma}`);
    } else lines.push(`  ${JSON.stringify(key)}: ${JSON.stringify(value)}${comma}`);
  });
  lines.push('}', '');
  return lines.join('\n');
}

async function main(argv) {
  const check = argv.includes('--check');
  const sourcePath = argv.find((a) => !a.startsWith('--')) ?? DEFAULT_SOURCE;
  if (!existsSync(sourcePath)) {
    console.error(`derive-voice-schemas: ${sourcePath} not found (give the OpenAPI document's path)`);
    process.exit(2);
  }
  const previous = existsSync(OUTPUT) ? JSON.parse(readFileSync(OUTPUT, 'utf8')) : undefined;
  const file = derivedFile(readFileSync(sourcePath), sourcePath, previous);
  const text = format(file);
  const endpoints = Object.keys(file.endpoints).length;
  const defs = Object.keys(file.$defs).length;
  if (check) {
    const current = existsSync(OUTPUT) ? readFileSync(OUTPUT, 'utf8') : '';
    if (current !== text) {
      console.error('derive-voice-schemas: core/voice-platform/request-schemas.json is out of date; run it again');
      process.exit(1);
    }
    console.log(`request-schemas.json is up to date (${endpoints} endpoints, ${defs} definitions)`);
    return;
  }
  writeFileSync(OUTPUT, text);
  console.log(
    `wrote core/voice-platform/request-schemas.json: ${endpoints} endpoints, ${defs} definitions, ${Math.round(Buffer.byteLength(text) / 1024)} KB`,
  );
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main(process.argv.slice(2));
