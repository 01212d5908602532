import { LANGUAGE_CODES } from '@openbourse/i18n';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../src/ledger/check.ts';
import { hasMessage, translate } from '../src/platform/i18n.ts';
import { DEMO, freshIp, login, pushTicks, startServer, type TestServer, TINY_PNG } from './harness.ts';

/**
 * Principle 3 as a property of the whole API: every operation of the served
 * OpenAPI description, with and without a session, gets hostile values in
 * each of its parameters and malformed bodies, and always answers a JSON
 * envelope, never a 5xx, never a stack trace or a server path, never the
 * "unexpected error" message. The operations are read from the description,
 * so a new endpoint is covered without touching this file.
 */

interface Schema {
  type?: string;
  format?: string;
  enum?: unknown[];
  default?: unknown;
  minimum?: number;
  exclusiveMinimum?: boolean | number;
  minLength?: number;
  properties?: Record<string, Schema>;
  items?: Schema;
  required?: string[];
  anyOf?: Schema[];
  oneOf?: Schema[];
}

interface Parameter {
  name: string;
  in: 'query' | 'path' | 'header' | 'cookie';
  required?: boolean;
  schema?: Schema;
}

interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  parameters: Parameter[];
  body?: { contentType: string; properties: Record<string, Schema>; required: string[] };
}

interface OpenApiDocument {
  paths: Record<string, Record<string, { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: Schema }> } }>>;
}

/** What a slot (one parameter or body field) receives in one probe. */
type Variant =
  | { label: string; kind: 'text'; text: string }
  /** A repeated query or form key, a JSON array. */
  | { label: string; kind: 'repeated' }
  /** A nested JSON object, or bracketed keys in a query or form. */
  | { label: string; kind: 'nested' }
  /** Literal JSON text (numbers JSON.stringify cannot write); plain text in a query or form. */
  | { label: string; kind: 'raw'; raw: string };

const TEXT_VALUES: [string, string][] = [
  ['empty', ''],
  ['5,000 characters', '9'.repeat(2500) + 'x'.repeat(2500)],
  ['-1', '-1'],
  ['0', '0'],
  ['1e400', '1e400'],
  ['NaN', 'NaN'],
  ['Infinity', 'Infinity'],
  ['-Infinity', '-Infinity'],
  ['0x10', '0x10'],
  ['22 significant digits', '1234567890123456789012'],
  ['22 significant decimals', '12345678901.23456789012'],
  ['huge but well-formed', '90000000000'],
  ['markup', '<script>alert(1)</script>'],
  ['SQL', "' OR 1=1 --"],
  ['control characters', 'a\u0000b\u202Ec\uFFFF'],
];

const VARIANTS: Variant[] = [
  ...TEXT_VALUES.map(([label, text]): Variant => ({ label, kind: 'text', text })),
  { label: 'array', kind: 'repeated' },
  { label: 'nested object', kind: 'nested' },
  { label: 'JSON 1e400', kind: 'raw', raw: '1e400' },
  { label: 'JSON -1', kind: 'raw', raw: '-1' },
  { label: 'JSON 22 digits', kind: 'raw', raw: '1234567890123456789012' },
  { label: 'JSON true', kind: 'raw', raw: 'true' },
  { label: 'JSON null', kind: 'raw', raw: 'null' },
];

const BOUNDARY = 'hostileboundary';
const PART = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;

/** Bodies no POST may choke on, whatever its fields. */
const MALFORMED_BODIES: { label: string; contentType: string; body: string }[] = [
  { label: 'malformed JSON', contentType: 'application/json', body: '{"amount": 1,' },
  { label: 'JSON with a prototype key', contentType: 'application/json', body: '{"__proto__": {"admin": true}}' },
  { label: 'empty JSON', contentType: 'application/json', body: '' },
  { label: 'JSON array', contentType: 'application/json', body: '[1,2,3]' },
  { label: 'wrong content type', contentType: 'text/plain', body: 'amount=1' },
  { label: 'unknown content type', contentType: 'application/x-hostile', body: '<xml/>' },
  { label: 'truncated multipart', contentType: `multipart/form-data; boundary=${BOUNDARY}`, body: `${PART}\x89PNG\r\n` },
  { label: 'boundary-less multipart', contentType: 'multipart/form-data', body: `${PART}\x89PNG\r\n--${BOUNDARY}--\r\n` },
  { label: 'multipart whose boundary never appears', contentType: 'multipart/form-data; boundary=elsewhere', body: `${PART}\x89PNG\r\n--${BOUNDARY}--\r\n` },
  { label: 'body over 1 MiB', contentType: 'application/x-www-form-urlencoded', body: `amount=${'1'.repeat(1024 * 1024 + 10)}` },
];

const POOL_SIZE = 8;
const ENVELOPE_TYPES = new Set(['ok', 'error', '999', '998']);
/** Signs of a stack trace or a server path in an answer. */
const LEAKS: [string, RegExp][] = [
  ['repository path', /\/work\//],
  ['node_modules path', /node_modules/],
  ['TypeScript source position', /\.ts:\d/],
  ['stack frame', /\bat .*:\d+:\d+/],
];

/** The "unexpected error" message in every language, up to its request id: seeing one means some error escaped the mapping. */
const UNEXPECTED_PREFIXES = LANGUAGE_CODES.map((language) => translate(language, 'errors.unexpected', { requestId: '\u0000' }).split('\u0000')[0] as string);

function operationsOf(document: OpenApiDocument): Operation[] {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]): Operation => {
      const [contentType, content] = Object.entries(operation.requestBody?.content ?? {})[0] ?? [];
      return {
        method: method.toUpperCase() as Operation['method'],
        path,
        parameters: operation.parameters ?? [],
        body: contentType ? { contentType, properties: content?.schema?.properties ?? {}, required: content?.schema?.required ?? [] } : undefined,
      };
    }),
  );
}

/**
 * Plausible values of fields whose format the description does not spell
 * out (a refinement, not a pattern). Only for depth: an unknown field
 * falls back to its schema and is probed all the same.
 */
const PLAUSIBLE_BY_NAME: Record<string, string> = {
  user_string: 'someone@example.com',
  email: 'someone@example.com',
  mobile: '13800000000',
  area_code: '86',
  password: 'Secret123',
  re_password: 'Secret123',
  password_old: 'Secret456',
  code: '123456',
  nickname: 'Ada',
  symbol: 'BTC/USDT',
};

/** A plausible value for a slot, so a probe of one field gets past the others. */
function sample(schema: Schema = {}, name = ''): unknown {
  if (name in PLAUSIBLE_BY_NAME) return PLAUSIBLE_BY_NAME[name];
  if (schema.default !== undefined) return schema.default;
  if (schema.enum?.length) return schema.enum[0];
  const alternative = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  if (alternative) return sample(alternative);
  switch (schema.type) {
    case 'integer':
    case 'number':
      return Math.max(1, typeof schema.minimum === 'number' && schema.exclusiveMinimum !== true ? schema.minimum : 1);
    case 'boolean':
      return true;
    case 'array':
      return [sample(schema.items)];
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([name, property]) => [name, sample(property, name)]));
    default:
      return schema.format === 'email' ? 'someone@example.com' : '1';
  }
}

const RAW_MARK = '\u0000raw:';

function jsonValue(variant: Variant): unknown {
  switch (variant.kind) {
    case 'text':
      return variant.text;
    case 'repeated':
      return ['1', '2'];
    case 'nested':
      return { a: { b: '1' }, $where: '1' };
    case 'raw':
      return `${RAW_MARK}${variant.raw}`;
  }
}

function appendText(target: URLSearchParams | FormData, name: string, variant: Variant): void {
  switch (variant.kind) {
    case 'text':
      target.append(name, variant.text);
      return;
    case 'raw':
      target.append(name, variant.raw);
      return;
    case 'repeated':
      target.append(name, '1');
      target.append(name, '2');
      return;
    case 'nested':
      target.append(`${name}[a][b]`, '1');
      target.append(`${name}.__proto__`, '1');
  }
}

function formText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

interface Probe {
  label: string;
  /** Sent without a session and with one, or only with one. */
  sessions: boolean[];
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string | FormData;
}

/**
 * The probe that gives `variant` to one slot (or to none) and plausible
 * values to the others: all of them, or only the required ones (an order
 * without a limit price is a market order, a different path).
 */
function probeOf(operation: Operation, slot: string | null, variant: Variant | null, others: 'all' | 'required'): Probe {
  const headers: Record<string, string> = {};
  const query = new URLSearchParams();
  let path = operation.path;
  for (const parameter of operation.parameters) {
    const key = `${parameter.in}:${parameter.name}`;
    const hostile = slot === key && variant ? variant : null;
    if (!hostile && others === 'required' && !parameter.required && parameter.in !== 'path') continue;
    if (parameter.in === 'query') {
      if (hostile) appendText(query, parameter.name, hostile);
      else query.append(parameter.name, formText(sample(parameter.schema, parameter.name)));
    } else if (parameter.in === 'path') {
      const text = hostile ? (hostile.kind === 'text' ? hostile.text : hostile.kind === 'raw' ? hostile.raw : '1,2') : formText(sample(parameter.schema, parameter.name));
      path = path.replace(`{${parameter.name}}`, encodeURIComponent(text));
    } else if (parameter.in === 'header') {
      headers[parameter.name] = hostile?.kind === 'text' ? hostile.text.replace(/[^\t\x20-\x7e]/g, '?') : formText(sample(parameter.schema, parameter.name));
    }
  }
  let body: Probe['body'];
  if (operation.body) {
    const { required } = operation.body;
    const fields = Object.entries(operation.body.properties).filter(([name]) => others === 'all' || required.includes(name) || slot === `body:${name}`);
    const hostile = (name: string) => (slot === `body:${name}` ? variant : null);
    const needsJson = fields.some(([name, schema]) => {
      const variantOf = hostile(name);
      return variantOf ? variantOf.kind === 'nested' || variantOf.kind === 'raw' : typeof sample(schema, name) === 'object';
    });
    if (operation.body.contentType.startsWith('multipart/')) {
      const form = new FormData();
      for (const [name, schema] of fields) {
        const variantOf = hostile(name);
        if (schema.format === 'binary') form.append(name, new Blob([variantOf?.kind === 'text' ? variantOf.text : TINY_PNG]), 'picture.png');
        else if (variantOf) appendText(form, name, variantOf);
        else form.append(name, formText(sample(schema, name)));
      }
      body = form;
    } else if (needsJson) {
      const values = Object.fromEntries(fields.map(([name, schema]) => [name, hostile(name) ? jsonValue(hostile(name) as Variant) : sample(schema, name)]));
      headers['content-type'] = 'application/json';
      body = JSON.stringify(values).replace(/"\\u0000raw:([^"]*)"/g, '$1');
    } else {
      const form = new URLSearchParams();
      for (const [name, schema] of fields) {
        const variantOf = hostile(name);
        if (variantOf) appendText(form, name, variantOf);
        else form.append(name, formText(sample(schema, name)));
      }
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = form.toString();
    }
  }
  const search = query.toString();
  return {
    label: `${operation.method} ${operation.path} ${slot ?? 'every field plausible'}${variant ? ` = ${variant.label}` : ''}${others === 'required' ? ', only required others' : ''}`,
    // Without a session, the probes with only the required fields mostly repeat a refusal already seen.
    sessions: others === 'all' ? [false, true] : [true],
    method: operation.method,
    url: `${path}${search ? `?${search}` : ''}`,
    headers,
    body,
  };
}

function probesOf(operation: Operation): Probe[] {
  const slots = [...operation.parameters.map((parameter) => `${parameter.in}:${parameter.name}`), ...Object.keys(operation.body?.properties ?? {}).map((name) => `body:${name}`)];
  const probes = [probeOf(operation, null, null, 'all'), probeOf(operation, null, null, 'required')];
  for (const slot of slots) {
    for (const variant of VARIANTS) probes.push(probeOf(operation, slot, variant, 'all'), probeOf(operation, slot, variant, 'required'));
  }
  if (operation.method !== 'GET') {
    for (const malformed of MALFORMED_BODIES) {
      const { label, contentType, body } = malformed;
      probes.push({ label: `${operation.method} ${operation.path} ${label}`, sessions: [false, true], method: operation.method, url: operation.path, headers: { 'content-type': contentType }, body });
    }
  }
  return probes;
}

/** What is wrong with one answer, or nothing. */
function faultsOf(status: number, contentType: string | null, text: string): string[] {
  const faults: string[] = [];
  if (status >= 500) faults.push(`HTTP ${status}`);
  if (!contentType?.includes('application/json')) faults.push(`content type ${contentType}`);
  for (const [name, pattern] of LEAKS) if (pattern.test(text)) faults.push(`leaks a ${name}`);
  let envelope: { type?: unknown; message?: unknown } | undefined;
  try {
    envelope = JSON.parse(text) as typeof envelope;
  } catch {
    faults.push('not JSON');
  }
  if (envelope) {
    if (typeof envelope.type !== 'string' || !ENVELOPE_TYPES.has(envelope.type) || !('message' in envelope)) faults.push('not an envelope');
    if (typeof envelope.message === 'string' && UNEXPECTED_PREFIXES.some((prefix) => (envelope.message as string).startsWith(prefix))) {
      faults.push(`an unexpected error escaped: ${envelope.message}`);
    }
  }
  return faults;
}

/** Runs tasks with at most `size` in flight. */
async function inPool<T>(items: T[], size: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next] as T;
      next += 1;
      await task(item);
    }
  };
  await Promise.all(Array.from({ length: size }, worker));
}

/** Every route the server has, as "METHOD /path", read from Fastify's route tree. */
function servedRoutes(tree: string): string[] {
  const routes: string[] = [];
  const prefixes: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^((?:[│ ] {3})*)(?:[├└]── )?(.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match?.[2]) continue;
    const depth = (match[1] ?? '').length / 4 + (line.includes('── ') ? 1 : 0);
    const path = (prefixes[depth - 1] ?? '') + match[2];
    prefixes[depth] = path;
    for (const method of match[3]?.split(', ') ?? []) routes.push(`${method} ${path}`);
  }
  return routes;
}

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
  // Prices for every pair the probes may trade, so order paths run past "no market price".
  for (const instrument of server.built.ctx.instruments.all) await pushTicks(server, instrument.symbol, [{ price: '100' }]);
});

describe('hostile input', () => {
  it('every /api route is in the OpenAPI description', async () => {
    const document = (await (await server.raw('/api/docs/json')).json()) as OpenApiDocument;
    const described = new Set(operationsOf(document).map((operation) => `${operation.method} ${operation.path.replace(/\{(\w+)\}/g, ':$1')}`));
    const served = servedRoutes(server.built.app.printRoutes({ commonPrefix: false }))
      .filter((route) => route.includes(' /api/') && !route.includes(' /api/docs') && !route.startsWith('HEAD '))
      .map((route) => route.replace(/\/$/, ''));
    expect(served.length).toBeGreaterThan(20);
    expect(served.filter((route) => !described.has(route))).toEqual([]);
  });

  it('has a label for every field a refusal may name, so no refusal shows a raw field name', async () => {
    const document = (await (await server.raw('/api/docs/json')).json()) as OpenApiDocument;
    const unlabelled = new Set<string>();
    for (const operation of operationsOf(document)) {
      const names = [...operation.parameters.filter((parameter) => parameter.in !== 'header').map((parameter) => parameter.name), ...Object.keys(operation.body?.properties ?? {})];
      for (const name of names) if (!hasMessage(`fields.${name}`)) unlabelled.add(`${name} (${operation.method} ${operation.path})`);
    }
    expect([...unlabelled]).toEqual([]);
  });

  it('answers every operation, with and without a session, with an envelope: no 5xx, no trace, no path', async () => {
    const document = (await (await server.raw('/api/docs/json')).json()) as OpenApiDocument;
    const operations = operationsOf(document);
    expect(operations.length).toBeGreaterThan(20);

    let token = await login(server, DEMO.email, DEMO.password);
    let relogin: Promise<string> | null = null;
    const faults: string[] = [];
    let sent = 0;

    const send = async (probe: Probe, withSession: boolean): Promise<void> => {
      const usedToken = token;
      const headers: Record<string, string> = { ...probe.headers, 'x-forwarded-for': freshIp() };
      if (withSession) headers.authorization = usedToken;
      const response = await server.raw(probe.url, { method: probe.method, headers, body: probe.body });
      const text = await response.text();
      sent += 1;
      for (const fault of faultsOf(response.status, response.headers.get('content-type'), text)) {
        faults.push(`${probe.label}${withSession ? ' (with session)' : ''}: ${fault}`);
      }
      // Logout (and any call that ends sessions) may revoke the token mid-run: log in again once for everyone.
      if (withSession && text.startsWith('{"type":"999"') && usedToken === token) {
        relogin ??= login(server, DEMO.email, DEMO.password).finally(() => {
          relogin = null;
        });
        token = await relogin;
      }
    };

    const requests = operations.flatMap(probesOf).flatMap((probe) => probe.sessions.map((withSession) => ({ probe, withSession })));
    await inPool(requests, POOL_SIZE, ({ probe, withSession }) => send(probe, withSession));

    expect(sent).toBe(requests.length);
    expect(faults.slice(0, 30), `${faults.length} faults`).toEqual([]);
    expect(checkLedger(server.built.ctx.sqlite)).toMatchObject({ ok: true, violations: [] });
    // The work grows with every described endpoint: room for a loaded 2-core machine and the next features.
  }, 600_000);
});
