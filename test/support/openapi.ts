// The service's own OpenAPI document as a test oracle: which operations exist, and whether an answer has
// the documented shape (ajv, JSON Schema 2020-12, which OpenAPI 3.1 uses).
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { errorCatalog } from '../../src/contracts/errors';
import { Client } from './client';

export type Schema = Record<string, unknown>;
export interface Operation {
  method: string;
  /** OpenAPI path, `{id}` style. */
  path: string;
  parameters: { name: string; in: 'path' | 'query'; required?: boolean; schema: Schema }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { $ref?: string; content?: Record<string, { schema: Schema }>; headers?: Schema }>;
  security?: unknown[];
}
export interface OpenApiDoc {
  paths: Record<string, Record<string, Omit<Operation, 'method' | 'path'>>>;
  components: { schemas: Record<string, Schema> };
}

export async function fetchOpenApi(baseUrl: string): Promise<OpenApiDoc> {
  const res = await new Client(baseUrl).get('/openapi.json');
  if (res.status !== 200) throw new Error(`GET /api/openapi.json answered ${res.status}`);
  return res.body as OpenApiDoc;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

export function operations(doc: OpenApiDoc): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops)
      .filter(([m]) => METHODS.includes(m))
      .map(([method, op]) => ({ method, path, ...op, parameters: op.parameters ?? [] }) as Operation),
  );
}

/** Checks answers against the document: the success schema of an operation, and the error body. */
export class AnswerChecker {
  private readonly ajv: Ajv2020;
  private readonly cache = new Map<string, ValidateFunction>();
  private readonly status = new Map<string, number>(errorCatalog().map((e) => [e.code, e.status]));

  constructor(private readonly doc: OpenApiDoc) {
    this.ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(this.ajv);
    // Every `#/components/...` reference resolves against this one registered document.
    this.ajv.addSchema({ $id: 'openapi', components: doc.components });
  }

  private validator(key: string, schema: Schema): ValidateFunction {
    let v = this.cache.get(key);
    if (!v) {
      const rebased = JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"openapi#/components/')) as Schema;
      v = this.ajv.compile(rebased);
      this.cache.set(key, v);
    }
    return v;
  }

  /** Problems with a JSON answer to `op`, or [] when it has the documented shape. */
  check(op: Operation, status: number, body: unknown): string[] {
    if (status >= 500) return [`${status} answer: ${JSON.stringify(body).slice(0, 300)}`];
    if (status >= 400) return this.checkError(status, body);
    const documented = op.responses[String(status)];
    if (!documented) return [`status ${status} is not documented for ${op.method.toUpperCase()} ${op.path}`];
    const schema = documented.content?.['application/json']?.schema;
    if (!schema) return [];
    const v = this.validator(`${op.method} ${op.path} ${status}`, schema);
    return v(body) ? [] : [`${op.method.toUpperCase()} ${op.path} ${status}: ${this.ajv.errorsText(v.errors)}`];
  }

  /** The error body of decisions.md §3, with a registered code answered at its registered status. */
  checkError(status: number, body: unknown): string[] {
    const v = this.validator('Error', { $ref: '#/components/schemas/Error' });
    if (!v(body)) return [`error body not of the documented shape (${status}): ${JSON.stringify(body).slice(0, 300)}`];
    const b = body as { error: { code: string; message: string } };
    if (Object.keys(body as object).length !== 1) return [`error body has more than "error": ${JSON.stringify(body).slice(0, 300)}`];
    if (this.status.get(b.error.code) !== status) return [`code ${b.error.code} answered ${status}, registered ${this.status.get(b.error.code)}`];
    if (/\.(md|ts)\b/.test(b.error.message)) return [`message points at a file: ${b.error.message}`];
    return [];
  }
}
