import { schema } from "@kunto/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Actor,
  actorFor,
  asOwner,
  connect,
  makeTenant,
  makeUser,
  startServer,
} from "../support/harness";
import { errorOf, outputOf, rest } from "../support/rest";

/**
 * Issue 6.26: object ids of another account through the HTTP API. A tenant admin of account A
 * names account B's members (and B's values, and B itself) in the path or the body of every REST
 * operation of the account API, once with A's X-tenant-id and once with B's. Each call is refused
 * (404 / 403) or, where the name is only meaningful inside A (value keys, the account being
 * updated), acts on A alone; B's rows are compared before and after.
 */
const db = connect();
let server: Awaited<ReturnType<typeof startServer>>;
let a: { id: string };
let b: { id: string; name: string };
let adminA: Actor;
let adminBId: string;
let memberBId: string;
const B_KEY = "b-only-setting";

beforeAll(async () => {
  server = await startServer(db.db);
  a = await makeTenant(db.owner);
  b = await makeTenant(db.owner);
  const userA = await makeUser(db.owner, { tenantId: a.id, tenantRoles: ["tenant_admin"] });
  adminA = await actorFor(db.db, "admin of A", userA.id);
  adminBId = (await makeUser(db.owner, { tenantId: b.id, tenantRoles: ["tenant_admin"] })).id;
  memberBId = (await makeUser(db.owner, { tenantId: b.id, tenantRoles: ["tenant_basic"] })).id;
  await asOwner(db.owner, (tx) =>
    tx.insert(schema.tenantValues).values({ tenantId: b.id, key: B_KEY, value: "B's own value" }),
  );
});

afterAll(async () => {
  await server.close();
  await db.close();
});

/** Everything account B holds that these calls could touch, read as the owner (no RLS). */
async function snapshotOfB() {
  const [tenant] = await db.owner.select().from(schema.tenants).where(eq(schema.tenants.id, b.id));
  const members = await db.owner
    .select({ userId: schema.memberships.userId, roles: schema.memberships.roles })
    .from(schema.memberships)
    .where(eq(schema.memberships.tenantId, b.id));
  const values = await db.owner
    .select({ key: schema.tenantValues.key, value: schema.tenantValues.value })
    .from(schema.tenantValues)
    .where(eq(schema.tenantValues.tenantId, b.id));
  const users = await db.owner
    .select({ id: schema.users.id, enabled: schema.users.enabled, roles: schema.users.systemRoles })
    .from(schema.users)
    .where(eq(schema.users.id, memberBId));
  return {
    tenant: { ...tenant, updatedAt: undefined },
    members: members.sort((x, y) => x.userId.localeCompare(y.userId)),
    values,
    users,
  };
}

/** One REST call as A's admin, naming `tenantHeader` in X-tenant-id. */
const call = (method: string, path: string, tenantHeader: string, body?: unknown) =>
  rest(server, { actor: adminA, tenantId: tenantHeader, method, path: `/api${path}`, body });

/** Every account operation that names one of B's objects by id. */
const byId = () => [
  ["DELETE", `/tenant/user/${memberBId}`],
  ["DELETE", `/tenant/user/${adminBId}`],
  ["POST", `/tenant/user/${memberBId}/role/tenant_admin`],
  ["DELETE", `/tenant/user/${memberBId}/role/tenant_basic`],
  ["POST", `/tenant/user/${adminBId}/role/tenant_readonly`],
  ["DELETE", `/tenant/user/${adminBId}/role/tenant_admin`],
];

describe("issue 6.26: cross-tenant object ids over HTTP", () => {
  it("a member of A naming B's members under A's X-tenant-id gets 404 and B is unchanged", async () => {
    const before = await snapshotOfB();
    for (const [method, path] of byId()) {
      const answer = await call(method as string, path as string, a.id);
      expect({ method, path, status: answer.status, key: errorOf(answer).error_key }).toEqual({
        method,
        path,
        status: 404,
        key: "not_found",
      });
    }
    expect(await snapshotOfB()).toEqual(before);
  });

  it("the same calls under B's X-tenant-id are refused with 403 access_denied and change nothing", async () => {
    const before = await snapshotOfB();
    const calls: Array<[string, string, unknown?]> = [
      ...(byId() as Array<[string, string]>),
      ["GET", "/tenant"],
      ["GET", "/tenant/user"],
      ["GET", "/tenant/values"],
      ["GET", "/user/tenant-users"],
      ["GET", "/emailsubscription"],
      ["POST", "/tenant/value", { key: B_KEY, value: "overwritten by A" }],
      ["DELETE", `/tenant/value?key=${B_KEY}`],
      [
        "POST",
        "/tenant",
        { name: "Taken over", streetAddress: "Katu 1", zipCode: "00100", city: "Helsinki", country: "FI" },
      ],
      [
        "POST",
        "/tenant/user",
        { email: `planted-${Date.now()}@example.test`, firstName: null, lastName: null },
      ],
      ["POST", "/emailsubscription", { items: [] }],
    ];
    for (const [method, path, body] of calls) {
      const answer = await call(method, path, b.id, body);
      expect({ method, path, status: answer.status, key: errorOf(answer).error_key }).toEqual({
        method,
        path,
        status: 403,
        key: "access_denied",
      });
    }
    expect(await snapshotOfB()).toEqual(before);
  });

  it("names that live inside an account (value keys, the account's own id in a body) act on A only", async () => {
    const before = await snapshotOfB();
    // A value key is a name within the calling account: A gets its own value, B keeps its own.
    expect((await call("POST", "/tenant/value", a.id, { key: B_KEY, value: "A's value" })).status).toBe(200);
    const valuesOfA = await call("GET", "/tenant/values", a.id);
    expect(outputOf("tenant.values", valuesOfA)).toEqual([{ key: B_KEY, value: "A's value", tenant: a.id }]);
    expect((await call("DELETE", `/tenant/value?key=${B_KEY}`, a.id)).status).toBe(200);
    expect(outputOf("tenant.values", await call("GET", "/tenant/values", a.id))).toEqual([]);
    // B's id smuggled into the update body is not a field of the call: A is updated, B is not.
    const update = await call("POST", "/tenant", a.id, {
      id: b.id,
      tenantId: b.id,
      name: "A Renamed Oy",
      streetAddress: "Katu 2",
      zipCode: "00200",
      city: "Espoo",
      country: "FI",
    });
    expect(update.status).toBe(200);
    expect(outputOf("tenant.update", update)).toMatchObject({ id: a.id, name: "A Renamed Oy" });
    // Lists under A's header name none of B's people.
    const users = await call("GET", "/tenant/user", a.id);
    const ids = outputOf("tenant.users", users).map((u) => u.id);
    expect(ids).not.toContain(memberBId);
    expect(ids).not.toContain(adminBId);
    const tenantUsers = await call("GET", "/user/tenant-users", a.id);
    expect(JSON.stringify(outputOf("user.tenantUsers", tenantUsers))).not.toContain(memberBId);
    expect(await snapshotOfB()).toEqual(before);
  });
});
