import type { SwaggerOptions, SwaggerTransform } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { permissionsFor } from '../../domain/access';
import type { Access } from '../plugins/access';
import { errorOut } from '../routes/schemas';
import { OPERATIONS, TAGS, operationKey } from './operations';

/**
 * The OpenAPI document served at /api/docs/json (docs/API.md "OpenAPI"):
 * @fastify/swagger builds it from the routes' zod schemas; `documentRoute`
 * adds what a generated client needs and the schemas cannot say — each
 * call's operationId, tag and description from OPERATIONS, who may call it,
 * the files some calls answer, and the errors every call of its kind can
 * answer. Documentation only: nothing here changes what a route does.
 */

type JsonSchema = Record<string, unknown>;
type Responses = Record<string, JsonSchema>;

const JSON_TYPE = 'application/json';

/** What each status means in this API (docs/API.md "Errors"). */
const STATUS_TEXT: Record<string, string> = {
  200: 'OK.',
  201: 'Created.',
  202: 'Accepted: the work is queued.',
  400: 'Bad input: `key` says what, `errors` names each wrong field.',
  401: 'Not signed in: `key` says why (no token, an expired or revoked one, or wrong credentials).',
  403: 'Not allowed: `key` says why (a permission this call needs, a deactivated account...).',
  404: "Not found, or outside the caller's scope.",
  409: 'Conflict with the current state: `key` says which.',
  413: 'Too large: the body, a file or a workbook is over its limit.',
  415: 'Unsupported media type: a body or a file of a kind this call does not take.',
  429: 'Too many requests: try again later (`Retry-After`).',
  500: 'Internal Server Error: nothing more is said; the server logs the details with the request id.',
  503: 'The server is overloaded: send the same request again after `Retry-After` seconds (docs/DEPLOY.md).',
};

/** The error body of every call, once in components.schemas as `Error`, referred to by every error response. */
const errorJson = z.toJSONSchema(errorOut, { target: 'openapi-3.0' }) as JsonSchema;
delete errorJson.$schema;
const errorRef = { $ref: '#/components/schemas/Error' };
const errorText = JSON.stringify(errorJson);
/** A route's error schema: `Error` when it is errorOut (as fastify-type-provider-zod converts it), else itself. */
const errorSchema = (raw: JsonSchema) => (JSON.stringify(raw) === errorText ? errorRef : raw);

const binary = { type: 'string', format: 'binary' };

const isContentResponse = (r: JsonSchema): r is { content: Record<string, { schema: JsonSchema }> } =>
  typeof r.content === 'object' && r.content !== null;

/** `{}`: a response schema that says nothing of the body (z.any()). */
const saysNothing = (r: JsonSchema) => Object.keys(r).filter((k) => k !== 'description').length === 0;

/** Who may call the route, in one sentence of its description. */
function accessSentence(access: Access | undefined, guest: boolean): string {
  if (access === 'public') return 'Public: no token needed.';
  if (access === 'signed-in')
    return guest ? "Needs a signed-in user; a guest's session may call it." : 'Needs a signed-in user (not a guest).';
  if (!access) return '';
  const permissions = permissionsFor(access).map((p) => `\`${p}\``);
  return `Needs the action \`${access}\`: the permission ${permissions.join(' or ')}.`;
}

/** Methods whose body Fastify reads (JSON, multipart or text), so that any of them can be malformed or too large. */
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The errors any route of its kind answers, whatever its handler does
 * (docs/API.md "Errors"): 400 when it takes input (the schema's validation,
 * a body that is not valid JSON), 413 a body over the limit and 415 a body of
 * a media type the server does not read, 401 unless it is public, 403 when
 * it needs a permission or refuses a guest's session (server/plugins/access.ts), and 500.
 */
function errorsOfKind(
  method: string,
  schema: JsonSchema,
  access: Access | undefined,
  guest: boolean,
  pressureExempt: boolean,
): number[] {
  const body = BODY_METHODS.has(method);
  const statuses: number[] = [];
  if (body || schema.querystring || schema.params) statuses.push(400);
  if (access !== 'public') statuses.push(401);
  if (access && access !== 'public' && (access !== 'signed-in' || !guest)) statuses.push(403);
  if (body) statuses.push(413, 415);
  statuses.push(500);
  if (!pressureExempt) statuses.push(503);
  return statuses;
}

/** The responses as the document shows them: each with a description, errors as JSON, files as binary. */
function responsesOf(
  declared: Responses | undefined,
  files: readonly string[] | undefined,
  errors: number[],
): Responses {
  const out: Responses = {};
  for (const [status, raw] of Object.entries(declared ?? {})) {
    // a route's own words for the response (a zod `describe`), else what the status means here
    const description =
      (typeof raw.description === 'string' && raw.description) || STATUS_TEXT[status] || 'See the description.';
    if (isContentResponse(raw)) out[status] = { description, ...raw };
    else if (Number(status) >= 400)
      out[status] = { description, content: { [JSON_TYPE]: { schema: errorSchema(raw) } } };
    else if (Number(status) === 200 && files) {
      const content: Record<string, { schema: JsonSchema }> = {};
      if (!saysNothing(raw)) content[JSON_TYPE] = { schema: raw };
      for (const type of files) content[type] = { schema: binary };
      out[status] = { description, content };
    } else out[status] = { ...raw, 'x-response-description': description };
  }
  if (files && !out[200]) {
    out[200] = {
      description: STATUS_TEXT[200],
      content: Object.fromEntries(files.map((type) => [type, { schema: binary }])),
    };
  }
  for (const status of errors) {
    out[status] ??= { description: STATUS_TEXT[status], content: { [JSON_TYPE]: { schema: errorRef } } };
  }
  return out;
}

/** The swagger transform: the zod schemas as JSON Schema (fastify-type-provider-zod), then OPERATIONS. */
export const documentRoute: SwaggerTransform = (input) => {
  const result = jsonSchemaTransform(input);
  const schema = result.schema as JsonSchema | undefined;
  if (!schema || schema.hide) return result;
  const { route } = input;
  const method = [route.method].flat()[0]; // every route of this API has one method
  const op = OPERATIONS[operationKey(method, route.url)];
  if (!op) return result; // tests/server/openapi.test.ts names the route without an entry
  const config = (route.config ?? {}) as { access?: Access; guest?: boolean; pressureExempt?: boolean };
  const { access, guest = false, pressureExempt = false } = config;
  const errors = [...errorsOfKind(method, schema, access, guest, pressureExempt), ...(op.errors ?? [])];
  const { tags: _routeTags, response, ...rest } = schema;
  return {
    url: result.url,
    schema: {
      ...rest,
      operationId: op.operationId,
      tags: [op.tag],
      description: `${op.description} ${accessSentence(access, guest)}`,
      ...(access === 'public' ? { security: [] } : {}),
      response: responsesOf(response as Responses | undefined, op.files, errors),
    },
  };
};

/** The options of @fastify/swagger (server/app.ts). */
export const swaggerOptions: SwaggerOptions = {
  openapi: {
    openapi: '3.0.3',
    info: {
      title: 'Neomi Academy API',
      version: '1',
      description:
        "The API of Neomi Academy, a platform for a children's creativity academy: accounts and roles, courses and " +
        'groups, activities and their evaluation, the Neomi creativity test, marking, word scores, reports, schools, ' +
        'regions and seats. Errors are `{message, key, errors?}`; the calls are described in docs/API.md and ' +
        'docs/api/*.md of the repository.',
      contact: { name: 'Neomi Academy' },
    },
    servers: [{ url: '/', description: 'The server that serves this document (every path starts with /api).' }],
    tags: Object.entries(TAGS).map(([name, description]) => ({ name, description })),
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      schemas: { Error: errorJson },
    },
    security: [{ bearer: [] }],
  },
  transform: documentRoute,
};
