import fc from 'fast-check';

/**
 * Requests for every operation of our OpenAPI document, made from its own schemas: plausible
 * ones (so that they reach the database), plausible ones with one value swapped for something
 * odd, and plainly malformed ones (bodies, content types, path parameters, query strings).
 * openapi-fuzz.test.ts sends them and fails on any 5xx.
 */

/** The part of JSON Schema (as our document writes it) that the generators read. */
export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  propertyNames?: JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  default?: unknown;
}

interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema: JsonSchema;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OperationObject>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

interface OperationObject {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

export interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The OpenAPI path, `/api/qr-codes/{id}`. */
  path: string;
  pathParams: Parameter[];
  queryParams: Parameter[];
  /** The JSON body's schema, refs resolved lazily; undefined when the operation takes no JSON. */
  bodySchema: JsonSchema | undefined;
  /** The content type the operation takes (JSON, an image...), if any. */
  bodyType: string | undefined;
}

/** One request: what `app.inject` takes, and a short label to show when it gets a 5xx. */
export interface FuzzRequest {
  label: string;
  method: Operation['method'];
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

/** Real values of the signed-in person (ids, tags, a card number), by field or parameter name. */
export type Hints = Record<string, readonly unknown[]>;

export function operationsOf(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const parameters = operation.parameters ?? [];
      const content = operation.requestBody?.content ?? {};
      const bodyType = Object.keys(content)[0];
      operations.push({
        method: method.toUpperCase() as Operation['method'],
        path,
        pathParams: parameters.filter((parameter) => parameter.in === 'path'),
        queryParams: parameters.filter((parameter) => parameter.in === 'query'),
        bodySchema: bodyType === 'application/json' ? content[bodyType]?.schema : undefined,
        bodyType,
      });
    }
  }
  return operations;
}

// ---------------------------------------------------------------------------------------------
// Odd values

const ONE_MEGABYTE = 1024 * 1024;
const HUGE = 'x'.repeat(ONE_MEGABYTE);
/** Longer than any field allows, well within the body limit. */
const LONG = 'é'.repeat(10_000);
const NEARLY_THE_BODY_LIMIT = 'y'.repeat(ONE_MEGABYTE - 1024);

/** Text no field should choke on: control characters, broken UTF-16, RTL, emoji, the very long. */
export const ODD_STRINGS: readonly string[] = [
  'a\u0000b',
  '\u0000',
  '\ud800',
  'x\udc00y',
  '\udbff\udbff',
  '\u202eevil\u202c',
  'مرحبا بالعالم',
  '👩‍👩‍👧‍👦🎸'.repeat(40),
  '\u0007\u001b[31m\u007f\u009b',
  '\r\n\t',
  '\ufeff\ufffe\uffff',
  "'; DROP TABLE users; --",
  '%00%ff%',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '__proto__',
  'constructor',
  '',
  ' ',
  '0',
  '-1',
  'NaN',
  'null',
  'true',
  '1e999',
  '\u0000'.repeat(10_000),
  HUGE,
  NEARLY_THE_BODY_LIMIT,
];

const protoObject = () =>
  JSON.parse('{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}');

/** Values of the wrong type or out of any range. */
export const ODD_VALUES: readonly (() => unknown)[] = [
  () => null,
  () => true,
  () => -1,
  () => 0,
  () => -0,
  () => 1.5,
  () => 1e308,
  () => -1e308,
  () => 2 ** 53 + 2,
  () => [],
  () => [[[[]]]],
  () => ({}),
  protoObject,
  () => ({ toString: 'x', valueOf: 1, hasOwnProperty: null }),
  () => ODD_STRINGS.slice(0, 5),
];

const oddString = fc.constantFrom(...ODD_STRINGS);
export const oddValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: oddString },
  { weight: 2, arbitrary: fc.constantFrom(...ODD_VALUES).map((make) => make()) },
  { weight: 1, arbitrary: fc.anything({ maxDepth: 3, withObjectString: true, withNullPrototype: true }) },
);

/** Path parameters that no route expects. */
const ODD_PATH_SEGMENTS: readonly string[] = [
  '%00',
  'a%00b',
  '%ED%A0%80',
  '%F0%9F%8E%B8',
  '%E2%80%AE',
  '%',
  '%ZZ',
  '%C0%AF',
  '..',
  '..%2F..%2Fetc%2Fpasswd',
  '__proto__',
  'constructor',
  '-1',
  '0',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '%20',
  'x'.repeat(5_000),
  encodeURIComponent('مرحبا'),
];

/** Raw bodies sent as JSON that are not the object any operation wants. */
function deepArray(levels: number): string {
  return `${'['.repeat(levels)}${']'.repeat(levels)}`;
}
function deepObject(levels: number): string {
  return `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
}
const RAW_JSON_BODIES: readonly [string, string][] = [
  ['prototype keys', '{"__proto__":{"isAdmin":true},"a":1}'],
  ['constructor.prototype', '{"constructor":{"prototype":{"isAdmin":true}}}'],
  ['deep array', deepArray(100_000)],
  ['deep object', deepObject(20_000)],
  ['invalid JSON', '{"a":'],
  ['empty', ''],
  ['null', 'null'],
  ['a string', '"text"'],
  ['a number', '12'],
  ['an array', '[1,2,3]'],
  ['duplicate keys', '{"a":1,"a":{"b":2}}'],
  ['escaped NUL key', '{"\\u0000":"\\u0000"}'],
  ['lone surrogate escape', '{"x":"\\ud800"}'],
  ['huge string', JSON.stringify({ text: HUGE })],
];

/** Content types the JSON routes do not take, and a body that is not even UTF-8. */
const CONTENT_TYPE_CASES: readonly [string, string | Buffer][] = [
  ['text/plain', '{"a":1}'],
  ['application/x-www-form-urlencoded', 'a=1&__proto__[x]=1'],
  [
    'multipart/form-data; boundary=zzz',
    '--zzz\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--zzz--',
  ],
  ['application/xml', '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY x "y">]><a>&x;</a>'],
  ['application/octet-stream', Buffer.from([0, 1, 2, 255])],
  ['application/json; charset=utf-16', '{"a":1}'],
  ['application/json', Buffer.from([0xff, 0xfe, 0x7b, 0x00, 0xc3, 0x28, 0x7d])],
  ['image/png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0])],
  ['', '{"a":1}'],
  ['application/json, text/plain', '{}'],
];

/** Query strings with odd values or odd shapes (repeated keys, brackets, prototype keys). */
function oddQueryStrings(names: string[]): string[] {
  const first = names[0] ?? 'q';
  return [
    `${first}=%00`,
    `${first}=%ED%A0%80`,
    `${first}=%`,
    `${first}=a&${first}=b`,
    `${first}[]=x`,
    `${first}[__proto__][x]=1`,
    '__proto__=x&constructor[prototype][x]=1',
    `${first}=${'z'.repeat(20_000)}`,
    names.map((name) => `${name}=-1e999`).join('&'),
    names.map((name) => `${name}=%E2%80%AE%F0%9F%8E%B8`).join('&'),
  ];
}

// ---------------------------------------------------------------------------------------------
// Plausible values from the schemas

export class SchemaArbitraries {
  constructor(
    private readonly document: OpenApiDocument,
    private readonly hints: Hints,
    /** Every optional property too: a base whose every field then gets the odd values. */
    private readonly everyProperty = false,
  ) {}

  private resolve(schema: JsonSchema): JsonSchema {
    if (!schema.$ref) return schema;
    const name = schema.$ref.replace('#/components/schemas/', '');
    const target = this.document.components?.schemas?.[name];
    if (!target) throw new Error(`unknown schema ${schema.$ref}`);
    return this.resolve(target);
  }

  /** A value the schema allows, most of the time (patterns and cross-field rules are tried, not solved). */
  value(schema: JsonSchema, name?: string, depth = 0): fc.Arbitrary<unknown> {
    const resolved = this.resolve(schema);
    const plausible = this.fromSchema(resolved, depth);
    const hinted = name ? this.hints[name] : undefined;
    if (!hinted?.length) return plausible;
    return fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...hinted) },
      { weight: 1, arbitrary: plausible },
    );
  }

  private fromSchema(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
    if (schema.const !== undefined) return fc.constant(schema.const);
    if (schema.enum) return fc.constantFrom(...schema.enum);
    const choices = schema.anyOf ?? schema.oneOf;
    if (choices) return fc.oneof(...choices.map((choice) => this.value(choice, undefined, depth)));
    const merged = schema.allOf ? mergeAll(schema) : schema;
    const type = Array.isArray(merged.type) ? merged.type[0] : merged.type;
    switch (type) {
      case 'object':
        return this.object(merged, depth);
      case 'array':
        return fc.array(merged.items ? this.value(merged.items, undefined, depth + 1) : fc.anything(), {
          minLength: merged.minItems ?? 0,
          maxLength: Math.min(merged.maxItems ?? 3, 3),
        });
      case 'string':
        return plausibleString(merged);
      case 'integer':
        return fc.integer({
          min: merged.minimum ?? -1000,
          max: Math.min(merged.maximum ?? 100_000, 100_000),
        });
      case 'number':
        return fc.double({
          min: merged.minimum ?? merged.exclusiveMinimum ?? -1000,
          max: merged.maximum ?? 1000,
          noNaN: true,
        });
      case 'boolean':
        return fc.boolean();
      case 'null':
        return fc.constant(null);
      default:
        return fc.jsonValue({ maxDepth: 2 });
    }
  }

  private object(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
    const properties = schema.properties ?? {};
    const names = Object.keys(properties);
    if (names.length === 0) {
      if (depth > 2 || typeof schema.additionalProperties !== 'object') return fc.constant({});
      return fc.dictionary(
        schema.propertyNames ? plausibleString(schema.propertyNames) : fc.string({ maxLength: 10 }),
        this.value(schema.additionalProperties, undefined, depth + 1),
        { maxKeys: 3 },
      );
    }
    const shape = Object.fromEntries(
      names.map((name) => [name, this.value(properties[name] ?? {}, name, depth + 1)]),
    );
    return fc.record(shape, { requiredKeys: this.everyProperty ? names : (schema.required ?? []) });
  }
}

function mergeAll(schema: JsonSchema): JsonSchema {
  const { allOf = [], ...rest } = schema;
  const patterns = [rest.pattern, ...allOf.map((part) => part.pattern)].filter(Boolean);
  // The last pattern is the field's own format; the first ones are the safe-text rule, which it implies.
  return Object.assign({}, rest, ...allOf, { pattern: patterns[patterns.length - 1] });
}

const SAMPLE_BY_FORMAT: Record<string, fc.Arbitrary<string>> = {
  uuid: fc.uuid(),
  email: fc.constantFrom('someone@example.com', 'Maria.Santos@Example.com', 'a@b.co'),
  date: fc.constantFrom('2026-11-20', '2000-02-29', '1970-01-01'),
  'date-time': fc.constantFrom('2026-11-20T10:00:00.000Z'),
  uri: fc.constantFrom('https://example.com/', 'http://localhost:3000/x?y=1'),
};

const SAFE_TEXT_PATTERNS = new Set(['^[^\\p{Cc}\\p{Cs}]*$', '^(?:[^\\p{Cc}\\p{Cs}]|[\\t\\n\\r])*$']);

function plausibleString(schema: JsonSchema): fc.Arbitrary<string> {
  const byFormat = schema.format ? SAMPLE_BY_FORMAT[schema.format] : undefined;
  if (byFormat) return byFormat;
  if (schema.pattern && !SAFE_TEXT_PATTERNS.has(schema.pattern)) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern)).filter((text) => text.length <= 300);
    } catch {
      // A pattern fast-check cannot generate from: ordinary text instead.
    }
  }
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 40, 40));
  return fc.oneof(fc.string({ minLength, maxLength }), fc.string({ minLength, maxLength, unit: 'grapheme' }));
}

// ---------------------------------------------------------------------------------------------
// Requests

export interface RequestParts {
  path: Record<string, string>;
  query: Record<string, unknown>;
  body: unknown;
}

/** Swaps the leaf number `index` (in a fixed walk order) of a value for `replacement`. */
export function replaceLeaf(value: unknown, index: number, replacement: unknown): unknown {
  const leaves = leafPaths(value);
  if (leaves.length === 0) return replacement;
  const target = leaves[index % leaves.length]!;
  return setAt(value, target, replacement);
}

function leafPaths(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (value === null || typeof value !== 'object') return prefix.length ? [prefix] : [];
  const entries = Array.isArray(value)
    ? value.map((item, index) => [index, item] as const)
    : Object.entries(value);
  if (entries.length === 0) return prefix.length ? [prefix] : [];
  return entries.flatMap(([key, item]) => leafPaths(item, [...prefix, key]));
}

function setAt(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<
    string | number,
    unknown
  >;
  copy[head] = setAt(copy[head], rest, replacement);
  return copy;
}

/**
 * Percent-encoding that keeps what a client can send: a lone surrogate has no UTF-8 form, so it
 * goes as the three bytes a careless encoder (CESU-8) writes for it, as an attacker would send.
 */
export function encodeComponent(text: string): string {
  let encoded = '';
  for (const character of text) {
    const unit = character.charCodeAt(0);
    if (character.length === 1 && unit >= 0xd800 && unit <= 0xdfff) {
      encoded += [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    } else {
      encoded += encodeURIComponent(character);
    }
  }
  return encoded;
}

function queryString(query: Record<string, unknown>): string {
  return Object.entries(query)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => {
      const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
      return `${encodeComponent(name)}=${encodeComponent(text)}`;
    })
    .join('&');
}

function urlOf(operation: Operation, path: Record<string, string>, query: string): string {
  const filled = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => path[name] ?? 'missing');
  return query ? `${filled}?${query}` : filled;
}

function jsonRequest(operation: Operation, parts: RequestParts, label: string): FuzzRequest {
  const path = Object.fromEntries(
    Object.entries(parts.path).map(([name, value]) => [name, encodeComponent(value)]),
  );
  const hasBody = operation.bodySchema !== undefined && parts.body !== undefined;
  return {
    label,
    method: operation.method,
    url: urlOf(operation, path, queryString(parts.query)),
    headers: hasBody ? { 'content-type': 'application/json' } : {},
    payload: hasBody ? JSON.stringify(parts.body) : undefined,
  };
}

export class RequestArbitraries {
  private readonly values: SchemaArbitraries;

  constructor(document: OpenApiDocument, hints: Hints, options: { everyProperty?: boolean } = {}) {
    this.values = new SchemaArbitraries(document, hints, options.everyProperty);
  }

  /** A request the operation would likely accept (hinted ids, tags and card numbers). */
  plausibleParts(operation: Operation): fc.Arbitrary<RequestParts> {
    const params = (list: Parameter[]) =>
      fc.record(
        Object.fromEntries(
          list.map((parameter) => [parameter.name, this.values.value(parameter.schema, parameter.name)]),
        ),
        { requiredKeys: list.filter((parameter) => parameter.required).map((parameter) => parameter.name) },
      );
    return fc.record({
      path: params(operation.pathParams).map((path) => stringValues(path)),
      query: params(operation.queryParams),
      body: operation.bodySchema ? this.values.value(operation.bodySchema) : fc.constant(undefined),
    });
  }

  /** The generated cases of one operation: plausible, plausible with one odd value, malformed. */
  requests(operation: Operation): fc.Arbitrary<FuzzRequest> {
    const plausible = this.plausibleParts(operation);
    const withOddLeaf = fc
      .tuple(plausible, fc.constantFrom('body', 'query', 'path'), fc.nat(), oddValue)
      .map(([parts, where, index, odd]) =>
        jsonRequest(
          operation,
          swapOne(operation, parts, where, index, odd),
          `odd value in ${where}: ${describe(odd)}`,
        ),
      );
    const malformed = fc.oneof(
      fc.constantFrom(...RAW_JSON_BODIES).chain(([label, body]) =>
        plausible.map((parts) => ({
          ...jsonRequest(operation, parts, `raw body: ${label}`),
          payload: body,
          headers: { 'content-type': 'application/json' },
        })),
      ),
      fc
        .constantFrom(...CONTENT_TYPE_CASES)
        .chain(([type, body]) =>
          plausible.map((parts) =>
            withContentType(jsonRequest(operation, parts, `content type "${type}"`), type, body),
          ),
        ),
      fc
        .tuple(plausible, fc.constantFrom(...ODD_PATH_SEGMENTS))
        .map(([parts, segment]) => oddPath(operation, parts, segment)),
      fc
        .tuple(
          plausible,
          fc.constantFrom(...oddQueryStrings(operation.queryParams.map((parameter) => parameter.name))),
        )
        .map(([parts, query]) => ({
          ...jsonRequest(operation, parts, `query "${describe(query)}"`),
          url: `${urlOf(operation, encodedPath(parts), '')}?${query}`,
        })),
    );
    return fc.oneof(
      { weight: 2, arbitrary: plausible.map((parts) => jsonRequest(operation, parts, 'plausible')) },
      { weight: 5, arbitrary: withOddLeaf },
      { weight: 3, arbitrary: malformed },
    );
  }

  /**
   * Cases every operation gets whatever the generator draws: NUL and a lone surrogate in each
   * field, path parameter and query parameter, every raw body and every content type.
   */
  fixedRequests(operation: Operation, bases: [RequestParts, ...RequestParts[]]): FuzzRequest[] {
    const requests: FuzzRequest[] = [];
    for (const base of bases) {
      for (const where of ['body', 'query', 'path'] as const) {
        const leaves = leafPaths(base[where]);
        for (const [index, leaf] of leaves.entries()) {
          for (const odd of ['bad\u0000text', 'bad\ud800text', LONG]) {
            const swapped = { ...base, [where]: replaceLeaf(base[where], index, odd) };
            requests.push(jsonRequest(operation, swapped, `${describe(odd)} in ${where}.${leaf.join('.')}`));
          }
        }
      }
    }
    const base = bases[0];
    for (const [label, body] of RAW_JSON_BODIES) {
      requests.push({
        ...jsonRequest(operation, base, `raw body: ${label}`),
        payload: body,
        headers: { 'content-type': 'application/json' },
      });
    }
    for (const [type, body] of CONTENT_TYPE_CASES) {
      requests.push(withContentType(jsonRequest(operation, base, `content type "${type}"`), type, body));
    }
    if (operation.pathParams.length > 0) {
      for (const segment of ODD_PATH_SEGMENTS) requests.push(oddPath(operation, base, segment));
    }
    if (operation.queryParams.length > 0) {
      for (const query of oddQueryStrings(operation.queryParams.map((parameter) => parameter.name))) {
        requests.push({
          ...jsonRequest(operation, base, `query "${describe(query)}"`),
          url: `${urlOf(operation, encodedPath(base), '')}?${query}`,
        });
      }
    }
    return requests;
  }
}

/** The parts with one value of the body, the query or the path swapped for `odd`. */
function swapOne(
  operation: Operation,
  parts: RequestParts,
  where: keyof RequestParts,
  index: number,
  odd: unknown,
): RequestParts {
  if (where === 'body') return { ...parts, body: replaceLeaf(parts.body, index, odd) };
  const names = (where === 'path' ? operation.pathParams : operation.queryParams).map(
    (parameter) => parameter.name,
  );
  if (names.length === 0) return { ...parts, body: replaceLeaf(parts.body, index, odd) };
  const name = names[index % names.length]!;
  const swapped = { ...parts[where], [name]: odd };
  return where === 'path' ? { ...parts, path: stringValues(swapped) } : { ...parts, query: swapped };
}

function stringValues(record: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(record).map(([name, value]) => [
      name,
      typeof value === 'string' ? value : (JSON.stringify(value) ?? ''),
    ]),
  );
}

function encodedPath(parts: RequestParts): Record<string, string> {
  return Object.fromEntries(
    Object.entries(parts.path).map(([name, value]) => [name, encodeComponent(value)]),
  );
}

function oddPath(operation: Operation, parts: RequestParts, segment: string): FuzzRequest {
  const path = Object.fromEntries(operation.pathParams.map((parameter) => [parameter.name, segment]));
  const request = jsonRequest(operation, parts, `path parameter "${describe(segment)}"`);
  return { ...request, url: urlOf(operation, path, queryString(parts.query)) };
}

/** The request with another body and content type (a GET too: some clients send a body with one). */
function withContentType(request: FuzzRequest, type: string, body: string | Buffer): FuzzRequest {
  return { ...request, headers: type ? { 'content-type': type } : {}, payload: body };
}

/** A short, printable description of an odd value for the failure list. */
export function describe(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  const printable = JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}… (${text.length} chars)` : text);
  return printable.slice(1, -1);
}
