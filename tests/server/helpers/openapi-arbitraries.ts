import fc from 'fast-check'

/** The subset of JSON Schema (OpenAPI 3.0) that the server's documents use. */
export interface Schema {
  type?: string | string[]
  properties?: Record<string, Schema>
  required?: string[]
  items?: Schema
  anyOf?: Schema[]
  oneOf?: Schema[]
  allOf?: Schema[]
  enum?: unknown[]
  const?: unknown
  nullable?: boolean
  minimum?: number
  maximum?: number
  minLength?: number
  maxLength?: number
  maxItems?: number
  pattern?: string
  format?: string
}

export interface Parameter {
  name: string
  in: 'path' | 'query' | 'header' | 'cookie'
  required?: boolean
  schema?: Schema
}

export interface Operation {
  method: string
  path: string
  parameters: Parameter[]
  body: Schema | null
}

export interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: Schema }> } }
    >
  >
}

/** Every operation of the document, with its parameters and JSON body schema. */
export function operationsOf(document: OpenApiDocument): Operation[] {
  const found: Operation[] = []
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const content = operation.requestBody?.content ?? {}
      const body = content['application/json']?.schema ?? content['multipart/form-data']?.schema ?? null
      found.push({ method: method.toUpperCase(), path, parameters: operation.parameters ?? [], body })
    }
  }
  return found
}

/** Text a form or a URL may carry that code often mishandles. */
const oddText = fc.constantFrom(
  '',
  ' ',
  '0',
  '-1',
  '1.5',
  '1e309',
  '2147483648',
  '99999999999999999999',
  'NaN',
  'null',
  'true',
  '[]',
  '{}',
  '$`',
  "$'",
  '$&',
  '%24%60',
  '../../etc/passwd',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '\u202egnp.exe',
  '\u0000',
  '😀'.repeat(50),
  'a'.repeat(10_000),
  '2026-02-30',
  '0000-00-00',
  'x@y',
)

const oddValue: fc.Arbitrary<unknown> = fc.oneof(
  oddText,
  fc.constantFrom(null, true, false, 0, -1, 1.5, 2 ** 31, Number.MAX_SAFE_INTEGER, -1e308, [], {}),
  fc.array(fc.oneof(fc.integer(), fc.string()), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.oneof(fc.integer(), fc.string()), { maxKeys: 3 }),
)

/** Sample text for a string schema: from its enum, its format or its pattern, else any text. */
function textFor(schema: Schema): fc.Arbitrary<string> {
  if (schema.enum) return fc.constantFrom(...schema.enum.map(String))
  const max = Math.min(schema.maxLength ?? 60, 60)
  if (schema.format === 'email' || /email/i.test(schema.pattern ?? '')) {
    return fc.emailAddress()
  }
  if (schema.pattern) {
    try {
      return fc
        .stringMatching(new RegExp(schema.pattern))
        .filter((s) => s.length <= (schema.maxLength ?? 1e6))
    } catch {
      // Patterns JavaScript cannot read fall back to plain text.
    }
  }
  return fc.string({ minLength: Math.min(schema.minLength ?? 0, max), maxLength: max, unit: 'grapheme' })
}

/** A value that fits the schema most of the time, and an odd or wrongly typed one otherwise. */
export function valueFor(schema: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return oddValue
  const fitting = fittingValue(schema, depth)
  return fc.oneof({ arbitrary: fitting, weight: 4 }, { arbitrary: oddValue, weight: 1 })
}

function fittingValue(schema: Schema, depth: number): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const)
  const choices = schema.anyOf ?? schema.oneOf
  if (choices?.length) return fc.oneof(...choices.map((s) => valueFor(s, depth + 1)))
  if (schema.allOf?.length) return valueFor(schema.allOf[0], depth + 1)
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type
  const value = ((): fc.Arbitrary<unknown> => {
    switch (type) {
      case 'string':
        return fc.oneof(
          { arbitrary: textFor(schema), weight: 5 },
          { arbitrary: fc.constant('x'.repeat((schema.maxLength ?? 10_000) + 1)), weight: 1 },
        )
      case 'integer':
      case 'number': {
        const min = Math.max(schema.minimum ?? -1e6, -1e9)
        const max = Math.min(schema.maximum ?? 1e6, 1e9)
        const inRange = type === 'integer' ? fc.integer({ min, max }) : fc.double({ min, max, noNaN: true })
        return fc.oneof(inRange, fc.constantFrom(min - 1, max + 1, 0.5, -0))
      }
      case 'boolean':
        return fc.boolean()
      case 'array':
        return fc.array(valueFor(schema.items, depth + 1), {
          maxLength: Math.min(schema.maxItems ?? 5, 5) + 1,
        })
      case 'object':
      case undefined:
        return schema.properties ? objectFor(schema, depth) : oddValue
      default:
        return oddValue
    }
  })()
  return schema.nullable ? fc.oneof(value, fc.constant(null)) : value
}

/** An object with its required fields (now and then one left out), some optional ones, and extras. */
function objectFor(schema: Schema, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {}
  const required = new Set(schema.required ?? [])
  const entries = Object.entries(properties).map(
    ([name, property]) =>
      [name, fc.option(valueFor(property, depth + 1), { freq: required.has(name) ? 8 : 2 })] as const,
  )
  const fields = fc.record(Object.fromEntries(entries)).map((record) => {
    const out: Record<string, unknown> = {}
    for (const [name, value] of Object.entries(record)) if (value !== null) out[name] = value
    return out
  })
  const extras = fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), oddValue, { maxKeys: 2 })
  return fc.tuple(fields, fc.option(extras, { freq: 4 })).map(([f, e]) => ({ ...(e ?? {}), ...f }))
}

/** A path parameter: a fitting value or odd text, percent-encoded for the URL. */
export function pathValue(schema: Schema | undefined): fc.Arbitrary<string> {
  return fc
    .oneof(
      {
        arbitrary: valueFor(schema).map((v) => (typeof v === 'object' ? JSON.stringify(v) : String(v))),
        weight: 3,
      },
      { arbitrary: oddText, weight: 1 },
      { arbitrary: fc.integer({ min: 1, max: 5 }).map(String), weight: 2 },
    )
    .map((v) => encodeURIComponent(v || '1').slice(0, 90))
}

/** A query string from the parameters: fitting values, odd ones, repeated keys and unknown keys. */
export function queryFor(parameters: Parameter[]): fc.Arbitrary<string> {
  const query = parameters.filter((p) => p.in === 'query')
  const pairs = query.map((p) =>
    fc.option(
      fc
        .oneof(valueFor(p.schema), fc.array(oddText, { minLength: 2, maxLength: 2 }))
        .map((v) =>
          (Array.isArray(v) ? v : [v]).map(
            (item) =>
              `${encodeURIComponent(p.name)}=${encodeURIComponent(typeof item === 'object' ? JSON.stringify(item) : String(item))}`,
          ),
        ),
      { freq: 2 },
    ),
  )
  const unknown = fc.option(
    fc
      .tuple(fc.string({ minLength: 1, maxLength: 6 }), oddText)
      .map(([k, v]) => [`${encodeURIComponent(k)}=${encodeURIComponent(v)}`]),
    { freq: 5 },
  )
  return fc
    .tuple(fc.tuple(...pairs, unknown))
    .map(([all]) => (all as (string[] | null)[]).flatMap((p) => p ?? []).join('&'))
}

export interface Body {
  headers: Record<string, string>
  payload?: string | Buffer
}

const deepJson = (levels: number) => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels)

/** A multipart body built from the schema's fields (or a few of any name), possibly with a file. */
function multipartFor(schema: Schema | null): fc.Arbitrary<Body> {
  const names = Object.keys(schema?.properties ?? {})
  const field = fc.tuple(
    names.length
      ? fc.oneof(fc.constantFrom(...names), fc.string({ maxLength: 8 }))
      : fc.string({ maxLength: 8 }),
    oddText,
  )
  const file = fc.record({
    name: fc.constantFrom('cv', 'file', 'requirements_file', 'image', 'upload'),
    filename: fc.constantFrom('cv.pdf', 'a.txt', 'x.docx', 'photo.png', '\u202egnp.exe', '', 'no-extension'),
    content: fc.constantFrom('%PDF-1.7\nbody', 'plain text', 'MZ\u0090\u0000', ''),
  })
  return fc
    .tuple(
      fc.array(field, { maxLength: 6 }),
      fc.option(file, { freq: 2 }),
      fc.constantFrom('whole', 'cut', 'none'),
    )
    .map(([fields, upload, shape]) => {
      const boundary = 'fuzzboundary'
      let text = fields
        .map(([n, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${n}"\r\n\r\n${v}\r\n`)
        .join('')
      if (upload) {
        text += `--${boundary}\r\nContent-Disposition: form-data; name="${upload.name}"; filename="${upload.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n${upload.content}\r\n`
      }
      text += `--${boundary}--\r\n`
      if (shape === 'cut') text = text.slice(0, Math.floor(text.length / 2))
      const type = shape === 'none' ? 'multipart/form-data' : `multipart/form-data; boundary=${boundary}`
      return { headers: { 'content-type': type }, payload: text }
    })
}

/** A request body: JSON from the schema most of the time, else odd JSON, multipart, or another type. */
export function bodyFor(operation: Operation): fc.Arbitrary<Body> {
  if (!['POST', 'PUT', 'PATCH', 'DELETE'].includes(operation.method)) return fc.constant({ headers: {} })
  const json = (value: unknown): Body => ({
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(value) ?? 'null',
  })
  return fc.oneof(
    { arbitrary: valueFor(operation.body ?? undefined).map(json), weight: 8 },
    { arbitrary: multipartFor(operation.body), weight: 2 },
    {
      arbitrary: fc.constantFrom<Body>(
        { headers: { 'content-type': 'application/json' }, payload: deepJson(5000) },
        { headers: { 'content-type': 'application/json' }, payload: '{"a": [1, 2' },
        { headers: { 'content-type': 'application/json' }, payload: '' },
        { headers: { 'content-type': 'application/json' }, payload: '{"__proto__": {"x": 1}}' },
        { headers: { 'content-type': 'text/plain' }, payload: 'hello' },
        { headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'a=1&b[c]=2' },
        {
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify({ a: 'x'.repeat(1_100_000) }),
        },
        { headers: {} },
      ),
      weight: 1,
    },
  )
}
