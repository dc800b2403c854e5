// A minimal validator for the OpenAPI 3.0 schema subset the voice platform's document uses: type, required,
// properties, items, enum, allOf, oneOf/anyOf (with discriminator, or an inferred one from single-value enums),
// $ref to components.schemas, nullable, additionalProperties, maxLength, minimum/maximum, date-time.
// Returns error strings with JSON paths; an empty list means valid.
import { readFileSync } from 'node:fs';

export interface Schema {
  $ref?: string;
  type?: string;
  required?: string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  enum?: unknown[];
  allOf?: Schema[];
  oneOf?: Schema[];
  anyOf?: Schema[];
  discriminator?: { propertyName: string; mapping?: Record<string, string> };
  nullable?: boolean;
  additionalProperties?: boolean | Schema;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  format?: string;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OperationObject>>;
  components: { schemas: Record<string, Schema> };
}

interface OperationObject {
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, { content?: Record<string, { schema?: Schema }> }>;
}

export function loadOpenApi(path: string): OpenApiDocument {
  return JSON.parse(readFileSync(path, 'utf8')) as OpenApiDocument;
}

export class OpenApiValidator {
  constructor(private readonly doc: OpenApiDocument) {}

  resolve(schema: Schema): Schema {
    let current = schema;
    for (let depth = 0; current.$ref && depth < 20; depth++) {
      const name = current.$ref.replace('#/components/schemas/', '');
      const target = this.doc.components.schemas[name];
      if (!target) throw new Error(`unknown $ref ${current.$ref}`);
      current = target;
    }
    return current;
  }

  schema(name: string): Schema {
    return { $ref: `#/components/schemas/${name}` };
  }

  /** The JSON schema of an operation's request body or of one of its responses. */
  operationSchema(method: string, path: string, part: 'request' | string): Schema {
    const op = this.doc.paths[path]?.[method.toLowerCase()];
    if (!op) throw new Error(`${method} ${path} is not in the document`);
    const content = part === 'request' ? op.requestBody?.content : op.responses?.[part]?.content;
    const schema = content?.['application/json']?.schema ?? content?.['multipart/form-data']?.schema;
    if (!schema) throw new Error(`${method} ${path} has no ${part} schema`);
    return schema;
  }

  validate(value: unknown, schema: Schema, path = '$'): string[] {
    const s = this.resolve(schema);
    if (value === null) return s.nullable || s.type === undefined ? [] : [`${path}: null is not allowed`];
    const errors: string[] = [];
    if (s.allOf) for (const part of s.allOf) errors.push(...this.validate(value, part, path));
    if (s.oneOf || s.anyOf) errors.push(...this.validateUnion(value, s, path));
    // The document sometimes repeats an array's item enum on the array itself (NestJS swagger): it applies
    // to each element then.
    const enumValues = s.enum;
    if (enumValues && s.type === 'array' && Array.isArray(value)) {
      value.forEach((item, i) => {
        if (!enumValues.includes(item))
          errors.push(`${path}[${i}]: ${JSON.stringify(item)} is not one of ${JSON.stringify(enumValues)}`);
      });
    } else if (enumValues && !enumValues.includes(value))
      errors.push(`${path}: ${JSON.stringify(value)} is not one of ${JSON.stringify(enumValues)}`);
    switch (s.type) {
      case 'string':
        if (typeof value !== 'string') return [...errors, `${path}: expected a string`];
        if (s.maxLength !== undefined && value.length > s.maxLength) errors.push(`${path}: longer than ${s.maxLength}`);
        if (s.format === 'date-time' && Number.isNaN(Date.parse(value))) errors.push(`${path}: not a date-time`);
        break;
      case 'number':
      case 'integer':
        if (typeof value !== 'number' || (s.type === 'integer' && !Number.isInteger(value))) {
          return [...errors, `${path}: expected ${s.type === 'integer' ? 'an integer' : 'a number'}`];
        }
        if (s.minimum !== undefined && value < s.minimum) errors.push(`${path}: below ${s.minimum}`);
        if (s.maximum !== undefined && value > s.maximum) errors.push(`${path}: above ${s.maximum}`);
        break;
      case 'boolean':
        if (typeof value !== 'boolean') errors.push(`${path}: expected a boolean`);
        break;
      case 'array':
        if (!Array.isArray(value)) return [...errors, `${path}: expected an array`];
        if (s.items) {
          const items = s.items;
          value.forEach((item, i) => {
            errors.push(...this.validate(item, items, `${path}[${i}]`));
          });
        }
        break;
      case 'object':
        if (typeof value !== 'object' || Array.isArray(value)) return [...errors, `${path}: expected an object`];
        break;
    }
    if (value && typeof value === 'object' && !Array.isArray(value) && (s.type === 'object' || s.properties)) {
      const record = value as Record<string, unknown>;
      for (const key of s.required ?? []) if (record[key] === undefined) errors.push(`${path}.${key}: required`);
      for (const [key, child] of Object.entries(record)) {
        const property = s.properties?.[key];
        if (property) errors.push(...this.validate(child, property, `${path}.${key}`));
        else if (s.additionalProperties === false) errors.push(`${path}.${key}: not allowed`);
        else if (s.additionalProperties && typeof s.additionalProperties === 'object') {
          errors.push(...this.validate(child, s.additionalProperties, `${path}.${key}`));
        }
      }
    }
    return errors;
  }

  private validateUnion(value: unknown, s: Schema, path: string): string[] {
    const branches = (s.oneOf ?? s.anyOf ?? []) as Schema[];
    const discriminator = s.discriminator?.propertyName ?? this.inferDiscriminator(branches);
    if (discriminator && value && typeof value === 'object') {
      const tag = (value as Record<string, unknown>)[discriminator];
      const mapped = s.discriminator?.mapping?.[String(tag)];
      const branch = mapped
        ? { $ref: mapped }
        : branches.find((b) => this.resolve(b).properties?.[discriminator]?.enum?.includes(tag));
      if (!branch) return [`${path}.${discriminator}: ${JSON.stringify(tag)} matches no branch`];
      return this.validate(value, branch, path);
    }
    const results = branches.map((b) => this.validate(value, b, path));
    const matches = results.filter((r) => r.length === 0).length;
    if (matches === 0) return [`${path}: matches no branch (${results.map((r) => r[0]).join(' | ')})`];
    // oneOf without a discriminator: the document's object branches overlap (no additionalProperties: false),
    // so "exactly one" cannot be checked meaningfully; at least one branch must match.
    return [];
  }

  /** A property every branch pins to single-value enums (e.g. `provider`, `type`). */
  private inferDiscriminator(branches: Schema[]): string | undefined {
    const resolved = branches.map((b) => this.resolve(b));
    const first = resolved[0]?.properties;
    if (!first) return undefined;
    return Object.keys(first).find((key) =>
      resolved.every((b) => {
        const values = b.properties?.[key]?.enum;
        return Array.isArray(values) && values.length === 1;
      }),
    );
  }
}
