import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { actorFor, connect, makeTenant, makeUser, startServer } from "../support/harness";
import { answeredSurvey } from "../support/reports";
import { expectConforms, expectValid, type Json } from "./contract-support";

/**
 * Issue 20.3: comma-separated keys in a path may come percent-encoded (`%2C`, as standard clients
 * send them), and a documented path called with a method it does not have answers 405 with Allow.
 */
const db = connect();
let server: Awaited<ReturnType<typeof startServer>>;
let doc: Json;

beforeAll(async () => {
  server = await startServer(db.db);
  doc = (await (await server.fetch("/api/openapi.json")).json()) as Json;
});
afterAll(async () => {
  await server.close();
  await db.close();
});

const ERROR = { $ref: "#/components/schemas/Error" };

describe("issue 20.3: comma-separated keys, plain or percent-encoded", () => {
  it("both report paths answer `,`, `%2C` and `%2c` alike, and as the document says", async () => {
    const tenant = await makeTenant(db.owner, { plan: "PRO", anonymityThreshold: 3 });
    const personnel = await answeredSurvey(db.db, db.owner, tenant.id, { answers: [3, 3] });
    const management = await answeredSurvey(db.db, db.owner, tenant.id, { type: "MANAGEMENT", answers: [2] });
    const user = await makeUser(db.owner, { tenantId: tenant.id, tenantRoles: ["tenant_basic"] });
    const actor = await actorFor(db.db, "member", user.id);
    const headers = { cookie: actor.cookie ?? "", "x-tenant-id": tenant.id };
    const read = async (path: string) => {
      const response = await server.fetch(`/api${path}`, { headers });
      return { status: response.status, body: (await response.json()) as Json };
    };
    const cases = [
      {
        template: "/tenant/survey/reports/{keys}",
        keys: [personnel.key, management.key],
        check: (body: Json) =>
          expect([
            (body.personnel as { survey: { key: string } }).survey.key,
            (body.management as { survey: { key: string } }).survey.key,
          ]).toEqual([personnel.key, management.key]),
      },
      {
        template: "/tenant/survey/reports/bysurveysharekeys/{keys}",
        keys: personnel.shares.map((share) => share.key),
        check: (body: Json) => expect(body.metadata).toEqual({ answers: { personnel: 6, management: 0 } }),
      },
    ];
    for (const { template, keys, check } of cases) {
      const answers = [];
      for (const separator of [",", "%2C", "%2c"]) {
        const answer = await read(template.replace("{keys}", keys.join(separator)));
        expect([template, separator, answer.status]).toEqual([template, separator, 200]);
        check(answer.body);
        expectConforms(doc, "GET", template, answer);
        answers.push(answer.body);
      }
      expect(answers[1]).toEqual(answers[0]);
      expect(answers[2]).toEqual(answers[0]);
    }
    // An escape that would change the path stays what it is: `%2F` is no separator of segments.
    const slash = await read(`/tenant/survey/reports/${personnel.key}%2F${management.key}`);
    expect([slash.status, slash.body.error_key]).toEqual([404, "not_found"]);
  });
});

describe("issue 20.3: a wrong method on a documented path answers 405", () => {
  it("answers 405 method_not_allowed with Allow on known paths, 404 on unknown ones", async () => {
    const cases: Array<[string, string, string]> = [
      ["DELETE", "/api/user", "GET, POST"],
      ["PATCH", "/api/tenant/survey/reports/K7Q2M4XD9BFH", "GET"],
      ["GET", "/api/public/logout", "POST"],
      ["PUT", "/api/public/signin", "POST"],
      // Served beside the REST adapter, documented all the same.
      ["POST", "/api/public/image/k3q7x2mbd5vfhy4w", "GET"],
      ["DELETE", "/api/tenant/reports/export/pdf", "GET"],
      ["OPTIONS", "/api/tenant/user", "GET, POST"],
    ];
    for (const [method, path, allow] of cases) {
      const response = await server.fetch(path, { method, headers: { origin: server.base } });
      const body = (await response.json()) as Json;
      expect([method, path, response.status, response.headers.get("allow")]).toEqual([
        method,
        path,
        405,
        allow,
      ]);
      expect(body).toEqual({
        message: "method_not_allowed",
        code: "METHOD_NOT_SUPPORTED",
        error_key: "method_not_allowed",
      });
      expectValid(doc, ERROR, body, `${method} ${path}`);
    }
    for (const method of ["GET", "POST", "DELETE"]) {
      const response = await server.fetch("/api/no/such/path", { method, headers: { origin: server.base } });
      expect([method, response.status, response.headers.get("allow")]).toEqual([method, 404, null]);
      const body = (await response.json()) as Json;
      expect(body.error_key).toBe("not_found");
      expectValid(doc, ERROR, body, `${method} /api/no/such/path`);
    }
    // tRPC's own refusal of a method (a GET of a mutation) carries the same key.
    const trpc = await server.fetch("/trpc/auth.signOut");
    expect(trpc.status).toBe(405);
    expect(((await trpc.json()) as { error: Json }).error.error_key).toBe("method_not_allowed");
    // The documented method still answers as before.
    const anonymous = await server.fetch("/api/user");
    expect(anonymous.status).toBe(401);
    const signOut = await server.fetch("/api/public/logout", { method: "POST" });
    expect(signOut.status).toBe(200);
  });
});
