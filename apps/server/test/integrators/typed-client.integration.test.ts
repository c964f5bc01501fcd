import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { integratorExample } from "../../../../packages/client/examples/integrator";
import { actorFor, connect, makeTenant, makeUser, startServer } from "../support/harness";
import { answeredSurvey } from "../support/reports";
import { makeKey } from "./api-key-support";

/**
 * Issue 20.6: the README's "For integrators" example, run as written: the generated client
 * (packages/client, from /api/openapi.json) with a key made through the keys procedure lists the
 * organisation's surveys and reads the report of the one with answers, over real HTTP.
 */
const db = connect();
let server: Awaited<ReturnType<typeof startServer>>;

beforeAll(async () => {
  server = await startServer(db.db);
});
afterAll(async () => {
  await server.close();
  await db.close();
});

describe("issue 20.6: the generated client and the README's example", () => {
  it("lists surveys and reads a report with an API key, the types matching the answers", async () => {
    const tenant = await makeTenant(db.owner, { plan: "PRO" });
    const admin = await actorFor(
      db.db,
      "admin",
      (await makeUser(db.owner, { tenantId: tenant.id, tenantRoles: ["tenant_admin"] })).id,
    );
    const survey = await answeredSurvey(db.db, db.owner, tenant.id, { answers: [6], name: "Kevät" });
    const key = await makeKey(server, admin, tenant.id, { scope: "read" });

    const result = await integratorExample(server.base, key.token);
    expect(result.surveys).toEqual([
      expect.objectContaining({ key: survey.key, name: "Kevät", type: "PERSONNEL", totalAnswers: 6 }),
    ]);
    expect(result.fitnessIndex).toEqual(expect.any(Number));

    // A wrong key gets the documented error body, which the example reports by its key.
    await expect(integratorExample(server.base, `${key.publicKey}.wrong`)).rejects.toThrow(
      "listing surveys failed: api_key_invalid",
    );
  });
});
