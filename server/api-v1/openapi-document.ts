import type { OpenApiGeneratorV31, ResponseConfig } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";
import { API_KEY_PREFIXES, MAX_ACTIVE_KEYS_PER_SCOPE } from "../../shared/api/api-keys";
import { API_DOCS_PATH, ZApiError } from "../../shared/api/v1/common";
import type { Operation } from "./operation";
import { operations } from "./operations";

const DESCRIPTION = `Your portfolio, revenue, leads and balance, for your own tools and automations.

**Authentication.** Create a key under Settings → API and send it as \`Authorization: Bearer <key>\`
(keys start \`${API_KEY_PREFIXES.live}\`, or \`${API_KEY_PREFIXES.test}\` while payments run in test mode).
Cookies are not read here. A key has the \`read\` scope, the \`write\` scope or both; at most
${MAX_ACTIVE_KEYS_PER_SCOPE} active keys per scope, so a key can be replaced before the old one is revoked.

**Limits.** Every call counts against your plan's calls for the billing period, and a key may
make a limited number of calls per second. Every answer to a key says where it stands in the
\`RateLimit-Policy\` and \`RateLimit\` headers (IETF draft); over a limit the answer is 429 with
\`Retry-After\`.

**Errors** are JSON: \`{"message": "...", "code": "..."}\`, with \`issues\` for invalid input.

**Money** is a decimal string in US dollars ("12.50"); times are ISO 8601 in UTC; days are UTC.`;

const rateLimitHeaders = z.object({
  RateLimit: z.string().meta({ description: 'What is left: `"monthly";r=9950;t=86400, "burst";r=19;t=1`' }),
  "RateLimit-Policy": z
    .string()
    .meta({ description: 'The limits: `"monthly";q=10000;w=2592000, "burst";q=20;w=1`' }),
});

const errorAnswer = (description: string, headers?: z.ZodObject): ResponseConfig => ({
  description,
  headers,
  content: { "application/json": { schema: ZApiError } },
});

/** `/domains/:id` → `/domains/{id}`. */
export const openApiPath = (path: string) => path.replace(/:(\w+)/g, "{$1}");

function responsesOf(op: Operation): Record<string, ResponseConfig> {
  const success: ResponseConfig = op.answer
    ? {
        description: "Success",
        headers: rateLimitHeaders,
        content: { "application/json": { schema: op.answer } },
      }
    : { description: "Done, no content", headers: rateLimitHeaders };
  return {
    [op.status]: success,
    ...(op.params || op.query || op.body ? { 400: errorAnswer("Invalid input") } : {}),
    401: errorAnswer("No key, or an unknown or revoked key"),
    403: errorAnswer("The key lacks the scope, or the account has no API plan"),
    ...(op.params ? { 404: errorAnswer("Not found") } : {}),
    ...(op.method !== "get"
      ? { 409: errorAnswer("In conflict with what exists"), 422: errorAnswer("Refused as it stands") }
      : {}),
    ...(op.bodyType === "csv"
      ? { 413: errorAnswer("The file is too large"), 415: errorAnswer("Not sent as text/csv") }
      : {}),
    429: errorAnswer(
      "Over the burst or the period's calls: see Retry-After",
      rateLimitHeaders.extend({ "Retry-After": z.string() }),
    ),
  };
}

function requestBodyOf(op: Operation) {
  if (!op.body) return undefined;
  const type = op.bodyType === "csv" ? "text/csv" : "application/json";
  return { required: true, content: { [type]: { schema: op.body, example: op.example.body } } };
}

/**
 * The OpenAPI 3.1 document of `/api/v1`, generated from the operations' zod schemas. The
 * generator loads with the first document asked for, not with every start.
 */
export async function openApiDocument() {
  const { OpenAPIRegistry, OpenApiGeneratorV31 } = await import("@asteasolutions/zod-to-openapi");
  const registry = new OpenAPIRegistry();
  const bearer = registry.registerComponent("securitySchemes", "apiKey", {
    type: "http",
    scheme: "bearer",
    description: "An API key from Settings → API.",
  });
  for (const op of operations) {
    registry.registerPath({
      method: op.method,
      path: openApiPath(op.path),
      operationId: op.operationId,
      tags: [op.tag],
      summary: op.summary,
      description: `${op.description ?? ""}\n\nScope: \`${op.scope}\`.`.trim(),
      security: [{ [bearer.name]: [] }],
      request: { params: op.params, query: op.query, body: requestBodyOf(op) },
      responses: responsesOf(op),
    });
  }
  const document = new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: "3.1.0",
    info: { title: "ParkPilot API", version: "1.0.0", description: DESCRIPTION },
    servers: [{ url: "/" }],
    externalDocs: { description: "API reference", url: API_DOCS_PATH },
  });
  for (const op of operations) addExampleRequest(document, op);
  return document;
}

type Document = ReturnType<OpenApiGeneratorV31["generateDocument"]>;

/** Each operation's example request, parameter by parameter, so that a reader can send it as it is. */
function addExampleRequest(document: Document, op: Operation) {
  const documented = document.paths?.[openApiPath(op.path)]?.[op.method];
  const examples: Record<string, unknown> = { ...op.example.params, ...op.example.query };
  for (const parameter of documented?.parameters ?? []) {
    if ("name" in parameter && parameter.name in examples) parameter.example = examples[parameter.name];
  }
}
