// Checks a request body against the voice platform's published request schemas (request-schemas.json, derived
// from its OpenAPI document by scripts/derive-voice-schemas.mjs) and words each problem as the platform's
// NestJS validation does: "property nmae should not exist", "number must be a string", "provider must be one of
// the following values: …", "nested property model must be either object or array". Used by the local platform
// (emulators/voice) to answer 400 and by the CLI to refuse a body before sending it. Pure: no I/O.
// ajv compiles each definition the first time a body reaches it, so a check costs milliseconds, not seconds.
import Ajv, { type AnySchema, type ErrorObject, type ValidateFunction } from 'ajv';
import derived from './request-schemas.json' with { type: 'json' };

export interface RequestProblem {
  /** Where in the body: property names and array indexes (empty for the body itself). */
  path: Array<string | number>;
  /** As the platform words it, parent path first: "model.property nmae should not exist". */
  message: string;
}

type Schema = Record<string, unknown>;

interface DerivedFile {
  derivedOn: string;
  source: { title: string; version: string; sha256: string; published?: string; commit?: string };
  endpoints: Record<string, Schema>;
  $defs: Record<string, Schema>;
}

const FILE = derived as unknown as DerivedFile;

/** The published document the schemas were derived from (title, version, sha256, date). */
export const REQUEST_SCHEMAS_SOURCE = { ...FILE.source, derivedOn: FILE.derivedOn };

/** `METHOD /path/{template}` keys of the endpoints that have a derived schema. */
export function requestSchemaKeys(): string[] {
  return Object.keys(FILE.endpoints);
}

export function hasRequestSchema(method: string, pathTemplate: string): boolean {
  return `${method.toUpperCase()} ${pathTemplate}` in FILE.endpoints;
}

let ajv: Ajv | undefined;
const compiled = new Map<unknown, ValidateFunction>();

/** A problem before wording: the path, relative to the value checked, and what class-validator would say. */
interface Finding {
  path: Array<string | number>;
  phrase: string;
  /** "nested property x …" (an object-typed property), "property x should not exist". */
  nested?: boolean;
  property?: boolean;
  /** The value has none of the types the schema allows (anyOf picks branches by this). */
  wrongType?: boolean;
}

interface Discriminator {
  propertyName: string;
  required: boolean;
  mapping: Record<string, Schema>;
}

/**
 * `x-discriminator` (the derivation's name for a oneOf chosen by one property) runs here: the body is checked
 * against the branch it names and nothing else, and only that branch is ever compiled.
 */
function discriminatorKeyword(value: Discriminator, data: unknown): boolean {
  let findings: Finding[] = [];
  if (data && typeof data === 'object' && !Array.isArray(data)) {
    const tag = (data as Record<string, unknown>)[value.propertyName];
    const branch = typeof tag === 'string' ? value.mapping[tag] : undefined;
    if (branch) findings = findingsOf(branch, data);
    else if (tag !== undefined || value.required) {
      findings = [{ path: [value.propertyName], phrase: oneOfValues(Object.keys(value.mapping)) }];
    }
  }
  discriminatorKeyword.errors = findings.length ? [{ keyword: 'x-discriminator', params: { findings } }] : [];
  return findings.length === 0;
}
discriminatorKeyword.errors = [] as Array<Partial<ErrorObject>>;

/**
 * `anyOf` runs here rather than in ajv, whose errors would mix every branch tried: the branches are checked
 * one by one and only the closest branch's findings are kept (see anyOfFindings).
 */
function anyOfKeyword(branches: unknown[], data: unknown): boolean {
  const findings = anyOfFindings(branches, data);
  anyOfKeyword.errors = findings.length ? [{ keyword: 'x-anyOf', params: { findings } }] : [];
  return findings.length === 0;
}
anyOfKeyword.errors = [] as Array<Partial<ErrorObject>>;

/** `$ref` runs here: each definition is compiled when a body first reaches it, not all 500 up front. */
function refKeyword(name: string, data: unknown): boolean {
  const schema = FILE.$defs[name];
  if (!schema) throw new Error(`request-schemas.json: no definition ${name}`);
  const findings = findingsOf(schema, data);
  refKeyword.errors = findings.length ? [{ keyword: 'x-ref', params: { findings } }] : [];
  return findings.length === 0;
}
refKeyword.errors = [] as Array<Partial<ErrorObject>>;

function engine(): Ajv {
  if (ajv) return ajv;
  ajv = new Ajv({ allErrors: true, verbose: true, strict: false, allowUnionTypes: true, code: { optimize: false } });
  ajv.addKeyword({ keyword: 'x-discriminator', validate: discriminatorKeyword, errors: true });
  ajv.addKeyword({ keyword: 'x-anyOf', validate: anyOfKeyword, errors: true });
  ajv.addKeyword({ keyword: 'x-ref', validate: refKeyword, errors: true });
  ajv.addKeyword({ keyword: 'x-from' });
  ajv.addFormat('uuid', /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);
  ajv.addFormat('date-time', (s) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/i.test(s));
  ajv.addFormat('uri', (s) => URL.canParse(s));
  return ajv;
}

/** `$ref: '#/$defs/X'` → `x-ref: 'X'` (compiled lazily, above); `anyOf` → `x-anyOf`. */
function prepare(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(prepare);
  if (!node || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node).map(([k, v]) =>
      k === '$ref' && typeof v === 'string'
        ? ['x-ref', v.replace(/^#\/\$defs\//, '')]
        : [k === 'anyOf' ? 'x-anyOf' : k, prepare(v)],
    ),
  );
}

function validatorFor(schema: unknown): ValidateFunction {
  let fn = compiled.get(schema);
  if (!fn) {
    fn = engine().compile(prepare(schema) as AnySchema);
    compiled.set(schema, fn);
  }
  return fn;
}

/** The platform treats a null optional property as absent (class-validator's @IsOptional): so do we. */
function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, v]) => v !== null)
      .map(([k, v]) => [k, withoutNulls(v)]),
  );
}

/**
 * Problems of `body` for `METHOD /path/{template}` (a registry endpoint), in the platform's words; `undefined`
 * when the published document has no schema for the endpoint (nothing is checked then).
 */
export function validateRequest(method: string, pathTemplate: string, body: unknown): RequestProblem[] | undefined {
  const schema = FILE.endpoints[`${method.toUpperCase()} ${pathTemplate}`];
  if (!schema) return undefined;
  const problems: RequestProblem[] = [];
  const seen = new Set<string>();
  for (const finding of findingsOf(schema, withoutNulls(body))) {
    const problem = word(finding);
    if (seen.has(problem.message)) continue;
    seen.add(problem.message);
    problems.push(problem);
  }
  return problems;
}

function findingsOf(schema: unknown, value: unknown): Finding[] {
  const fn = validatorFor(schema);
  if (fn(value)) return [];
  // In the order class-validator reports: unknown properties first, then by declaration order.
  const order = Object.keys((resolveRef(schema)?.properties ?? {}) as Schema);
  const rank = (f: Finding) => {
    if (f.property && f.path.length === 1) return -1;
    const i = order.indexOf(String(f.path[0]));
    return i < 0 ? order.length : i;
  };
  return translate(fn.errors ?? [])
    .map((f, i) => ({ f, i, r: rank(f) }))
    .sort((a, b) => a.r - b.r || a.i - b.i)
    .map(({ f }) => f);
}

function pointer(instancePath: string): Array<string | number> {
  if (!instancePath) return [];
  return instancePath
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((s) => (/^(0|[1-9]\d*)$/.test(s) ? Number(s) : s));
}

/** A schema, or the definition it refers to (`$ref` as derived, `x-ref` once prepared for ajv). */
function resolveRef(schema: unknown): Schema | undefined {
  const s = schema as Schema | undefined;
  if (typeof s?.['x-ref'] === 'string') return FILE.$defs[s['x-ref']];
  if (typeof s?.$ref === 'string') return FILE.$defs[s.$ref.replace(/^#\/\$defs\//, '')];
  return s;
}

function isNested(schema: Schema | undefined): boolean {
  const s = resolveRef(schema);
  return Boolean(s && (s.properties || s['x-discriminator']));
}

const TYPE_PHRASES: Record<string, string> = {
  string: 'must be a string',
  number: 'must be a number conforming to the specified constraints',
  integer: 'must be an integer number',
  boolean: 'must be a boolean value',
  array: 'must be an array',
  object: 'must be an object',
  null: 'must be null',
};

function oneOfValues(values: readonly unknown[]): string {
  return `must be one of the following values: ${values.map(String).join(', ')}`;
}

/** What class-validator says when a required property is missing, from the property's schema. */
function missing(path: Array<string | number>, schema: Schema | undefined): Finding {
  const s = resolveRef(schema);
  if (s && Array.isArray(s.enum)) return { path, phrase: oneOfValues(s.enum) };
  if (s && s.const !== undefined) return { path, phrase: oneOfValues([s.const]) };
  if (isNested(s)) return { path, phrase: 'must be either object or array', nested: true };
  const type = Array.isArray(s?.type) ? s?.type[0] : s?.type;
  const phrase = typeof type === 'string' ? TYPE_PHRASES[type] : undefined;
  return { path, phrase: phrase ?? 'should not be empty' };
}

/** "parent.path.prop phrase", "parent.each value in prop phrase", "parent.nested property prop phrase". */
function word(finding: Finding): RequestProblem {
  const { path, phrase } = finding;
  const last = path.at(-1);
  if (last === undefined) return { path, message: `body ${phrase}` };
  let parent = path.slice(0, -1);
  let subject = String(last);
  let each = false;
  if (typeof last === 'number' && path.length >= 2) {
    each = true;
    subject = String(path.at(-2));
    parent = path.slice(0, -2);
  }
  const prefix = parent.length ? `${parent.join('.')}.` : '';
  const name = `${each ? 'each value in ' : ''}${finding.nested ? 'nested property ' : ''}${finding.property ? 'property ' : ''}${subject}`;
  return { path, message: `${prefix}${name} ${phrase}` };
}

const FORMAT_PHRASES: Record<string, string> = {
  uuid: 'must be a UUID',
  'date-time': 'must be a valid ISO 8601 date string',
  uri: 'must be a URL address',
};

function translate(errors: ErrorObject[]): Finding[] {
  const out: Finding[] = [];
  for (const error of errors) {
    const path = pointer(error.instancePath);
    const params = error.params as Record<string, unknown>;
    const parentSchema = error.parentSchema as Schema | undefined;
    const at = (phrase: string): Finding => ({ path, phrase });
    switch (error.keyword) {
      case 'x-discriminator':
      case 'x-ref':
      case 'x-anyOf':
        for (const f of params.findings as Finding[]) out.push({ ...f, path: [...path, ...f.path] });
        break;
      case 'additionalProperties':
        out.push({ path: [...path, String(params.additionalProperty)], phrase: 'should not exist', property: true });
        break;
      case 'required': {
        const name = String(params.missingProperty);
        const props = (parentSchema?.properties ?? {}) as Record<string, Schema>;
        out.push(missing([...path, name], props[name]));
        break;
      }
      case 'type': {
        const expected = String(params.type).split(',');
        if (expected.includes('object') && isNested(parentSchema)) {
          out.push({ path, phrase: 'must be either object or array', nested: true, wrongType: true });
        } else {
          const phrase = expected.map((t) => TYPE_PHRASES[t] ?? `must be ${t}`).join(' or ');
          out.push({ path, phrase, wrongType: true });
        }
        break;
      }
      case 'enum':
        out.push(at(oneOfValues(params.allowedValues as unknown[])));
        break;
      case 'const':
        out.push(at(oneOfValues([params.allowedValue])));
        break;
      case 'maxLength':
        out.push(at(`must be shorter than or equal to ${params.limit} characters`));
        break;
      case 'minLength':
        out.push(at(`must be longer than or equal to ${params.limit} characters`));
        break;
      case 'minimum':
        out.push(at(`must not be less than ${params.limit}`));
        break;
      case 'maximum':
        out.push(at(`must not be greater than ${params.limit}`));
        break;
      case 'exclusiveMinimum':
        out.push(at(`must be greater than ${params.limit}`));
        break;
      case 'exclusiveMaximum':
        out.push(at(`must be less than ${params.limit}`));
        break;
      case 'minItems':
        out.push(at(`must contain at least ${params.limit} elements`));
        break;
      case 'maxItems':
        out.push(at(`must contain no more than ${params.limit} elements`));
        break;
      case 'uniqueItems':
        out.push(at('must contain unique elements'));
        break;
      case 'pattern':
        out.push(at(`must match /${params.pattern}/ regular expression`));
        break;
      case 'format':
        out.push(at(FORMAT_PHRASES[String(params.format)] ?? `must match format ${params.format}`));
        break;
      default:
        out.push(at(error.message ?? 'is not valid'));
    }
  }
  return out;
}

/**
 * None of the alternatives matched: the findings of the closest alternative of the value's type (fewest
 * findings), or "must be a string or an array" when no alternative has the value's type.
 */
function anyOfFindings(branches: unknown[], value: unknown): Finding[] {
  let best: Finding[] | undefined;
  const types: string[] = [];
  for (const branch of branches) {
    const findings = findingsOf(branch, value);
    if (findings.length === 0) return [];
    const b = resolveRef(branch);
    if (b?.type) types.push(...(Array.isArray(b.type) ? b.type : [b.type]).map(String));
    else if (b?.enum || b?.const !== undefined) types.push('string');
    else if (b?.properties || b?.['x-discriminator']) types.push('object');
    if (findings.some((f) => f.path.length === 0 && f.wrongType)) continue;
    if (!best || findings.length < best.length) best = findings;
  }
  if (best) return best;
  const phrases = [...new Set(types)].map((t) => (TYPE_PHRASES[t] ?? `must be ${t}`).replace(/^must be /, ''));
  return [{ path: [], phrase: `must be ${phrases.join(' or ') || 'valid'}`, wrongType: true }];
}
