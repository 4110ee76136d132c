import { Validator } from "@seriousme/openapi-schema-validator";
import Ajv2020 from "ajv/dist/2020.js";
import { sql } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXAMPLE_DOMAIN_ID } from "../../server/api-v1/domain-operations";
import { API_V1_OPENAPI_PATH, API_V1_PATHS } from "../../shared/api/v1/common";
import { bearer, createApiKey, grantApiPlan } from "../factories/api-keys";
import { insertDomain } from "../factories/domains";
import { credit } from "../factories/revenue";
import { signUp } from "../factories/users";
import { listApiRoutes } from "../setup/route-table";
import { createTestApp, type TestApp } from "../setup/test-app";

interface Parameter {
  name: string;
  in: "path" | "query";
  example?: unknown;
}
interface Operation {
  operationId: string;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { example?: unknown }> };
  responses: Record<
    string,
    { headers?: Record<string, { required?: boolean }>; content?: Record<string, { schema: object }> }
  >;
}
type Doc = { openapi: string; paths: Record<string, Record<string, Operation>>; components: object };

let t: TestApp;
let doc: Doc;
let key: string;
let domainId: string;
beforeAll(async () => {
  t = await createTestApp({ env: { API_BURST_PER_SECOND: "10000" } });
  doc = (await request(t.app).get(API_V1_OPENAPI_PATH).expect(200)).body;
  const owner = await signUp(t.app);
  await grantApiPlan(t.db, owner.user.id);
  key = (await createApiKey(owner.agent)).key;
  // The examples' domain: the parking report's example names it, and its id stands in for the example id.
  const domain = await insertDomain(t.db, owner.user.id, {
    name: "example-parked-domain.com",
    registrationDate: new Date("2024-01-01T12:00:00Z"),
    purchasePrice: "250.00",
  });
  domainId = domain.id;
  await credit(t.db, owner.user.id, [
    { type: "other", amount: "20.00", at: new Date().toISOString(), domainId },
  ]);
  await t.db.execute(sql`
    insert into leads (email, zip_code, city, state, source, value, host, domain_id)
    values ('lead@example.com', '90210', 'Beverly Hills', 'CA', 'car-insurance-landing', '75.00', ${domain.name}, ${domainId})
  `);
});
afterAll(() => t.close());

const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
const matches = (schema: object, body: unknown) => {
  const validate = ajv.compile({ ...schema, components: doc.components });
  return validate(body) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
};

describe("the OpenAPI document", () => {
  it("is a valid OpenAPI 3.1 document, served without a key", async () => {
    expect(doc.openapi).toBe("3.1.0");
    const result = await new Validator().validate(structuredClone(doc));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it("documents every /api/v1 route the app serves, and only those", () => {
    const served = listApiRoutes(t.app)
      .filter((r) => r.path.startsWith("/api/v1/") && r.path !== API_V1_OPENAPI_PATH)
      .map((r) => `${r.method} ${r.path.replace(/:(\w+)/g, "{$1}")}`)
      .sort();
    const documented = Object.entries(doc.paths)
      .flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`))
      .sort();
    expect(documented).toEqual(served);
    expect(served.length).toBeGreaterThanOrEqual(12);
  });

  it("answers each operation's example request as documented: status, headers and body schema", async () => {
    // Removal last, so that the other examples still find the domain.
    const operations = Object.entries(doc.paths)
      .flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ path, method, op })))
      .sort((a, b) => Number(a.method === "delete") - Number(b.method === "delete"));
    const failures: string[] = [];
    for (const { path, method, op } of operations) {
      const params = op.parameters ?? [];
      let url = path;
      const query: Record<string, string> = {};
      for (const p of params) {
        if (p.in === "query" && p.example === undefined) continue;
        expect(p.example, `${op.operationId} ${p.name} has an example`).toBeDefined();
        const value = p.example === EXAMPLE_DOMAIN_ID ? domainId : String(p.example);
        if (p.in === "path") url = url.replace(`{${p.name}}`, encodeURIComponent(value));
        else query[p.name] = value;
      }
      let req = request(t.app)[method as "get"](url).query(query).set(bearer(key));
      const [type, media] = Object.entries(op.requestBody?.content ?? {})[0] ?? [];
      if (type) req = req.set("Content-Type", type).send(media.example as object);
      const res = await req;

      const [status, documented] = Object.entries(op.responses).find(([s]) => s.startsWith("2")) ?? [];
      if (String(res.status) !== status) {
        failures.push(
          `${op.operationId}: ${res.status} instead of ${status}: ${JSON.stringify(res.body).slice(0, 200)}`,
        );
        continue;
      }
      for (const [name, header] of Object.entries(documented?.headers ?? {})) {
        if (header.required && !res.headers[name.toLowerCase()])
          failures.push(`${op.operationId}: no ${name} header`);
      }
      const schema = documented?.content?.["application/json"]?.schema;
      if (schema) failures.push(...matches(schema, res.body).map((e) => `${op.operationId}: ${e}`));
    }
    expect(failures).toEqual([]);
  });

  it("describes the error answers as they are sent", async () => {
    const unauthorized =
      doc.paths[API_V1_PATHS.domains].get.responses["401"].content?.["application/json"].schema;
    const res = await request(t.app).get(API_V1_PATHS.domains);
    expect(res.status).toBe(401);
    expect(matches(unauthorized as object, res.body)).toEqual([]);
    const invalid = await request(t.app).get(API_V1_PATHS.domains).query({ limit: "-1" }).set(bearer(key));
    expect(invalid.status).toBe(400);
    expect(matches(unauthorized as object, invalid.body)).toEqual([]);
  });
});
