import { randomInt } from "node:crypto";
import { once } from "node:events";
import { createServer, request, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { backgroundWorkDone, type Context, createCaller } from "@kunto/api";
import { createDb, schema } from "@kunto/db";
import { afterAll, describe, expect, inject, it } from "vitest";
import { createRequestContext, whenAnsweredOf } from "../../src/context";
import { connect, makeUser, startServer, TEST_CONFIG } from "../support/harness";
import { outputOf, rest } from "../support/rest";

/**
 * Issue 17.7: forgot-password must not answer an existing address later than an unknown one. Not
 * measured in milliseconds (a loaded machine makes that flaky) but proven by what is done: before
 * the answer both run the same statements with answers of the same shape, nothing of the code or
 * its mail; the rest is one piece of work for both, started only once the response has left.
 */
const db = connect();
afterAll(async () => {
  await db.close();
});
const silentLog = { info: () => {}, warn: () => {}, error: () => {} };
const addressPrefix = `10.${randomInt(100, 200)}.${randomInt(0, 250)}`;
let addressCounter = 0;
const freshIp = () => `${addressPrefix}.${++addressCounter}`;

interface Traced {
  /** The answer: `ok`, or the error key it was refused with. */
  outcome: string;
  /** The statements sent before the answer. */
  before: string[];
  /** The work left for after the answer, waiting for the answer to leave. */
  waiting: Array<() => void>;
}

/**
 * A request pool of one connection that records every statement, and a context whose answer leaves
 * only when the test says so: the work a call leaves for after its answer waits in `waiting`.
 */
async function withTracedCalls(
  body: (forgot: (username: string) => Promise<Traced>, statements: string[]) => Promise<void>,
) {
  const statements: string[] = [];
  const { db: traced, close } = createDb(inject("appUrl"), {
    max: 1,
    onStatement: (statement) => statements.push(statement),
  });
  const forgot = async (username: string): Promise<Traced> => {
    const waiting: Array<() => void> = [];
    const ctx: Context = {
      db: traced,
      config: TEST_CONFIG,
      log: silentLog,
      ip: freshIp(),
      tenantHeader: null,
      sessionToken: null,
      deviceCookie: null,
      cookies: { setSession: () => {}, clearSession: () => {}, setDevice: () => {} },
      whenAnswered: (run) => waiting.push(run),
    };
    statements.length = 0;
    const outcome = await createCaller(ctx)
      .auth.forgotPassword({ username })
      .then(() => "ok")
      .catch((error: unknown) => (error instanceof Error ? error.message : String(error)));
    const before = [...statements];
    // Turns of the event loop after the answer: work started "on the next turn" would run here.
    for (let turn = 0; turn < 5; turn++) await new Promise<void>((resolve) => setImmediate(resolve));
    expect(statements, "nothing runs before the answer has left").toEqual(before);
    return { outcome, before, waiting };
  };
  try {
    // The connection's first query also loads type information: warm it up.
    const warm = await forgot(`warm-up-${Date.now()}@example.test`);
    for (const run of warm.waiting) run();
    await backgroundWorkDone();
    await body(forgot, statements);
  } finally {
    await close();
  }
}

const touches = (statement: string, table: string) =>
  statement.includes(`"${table}"`) || statement.includes(` ${table} `);

describe("issue 17.7: forgot-password does the same work for every address before it answers", () => {
  it("issue 17.7: an existing and an unknown address run the same statements with one-row answers before the answer; the code and the mail come after, from the same deferred work", async () => {
    await withTracedCalls(async (forgot, statements) => {
      const user = await makeUser(db.owner);
      const email = user.email ?? "";
      const outboxBefore = (await db.owner.select().from(schema.mailOutbox)).length;
      /** One call, then its deferred work once its answer has left; the statements of both. */
      const traced = async (username: string) => {
        const call = await forgot(username);
        const mailed = (await db.owner.select().from(schema.mailOutbox)).length;
        statements.length = 0;
        for (const run of call.waiting) run();
        await backgroundWorkDone();
        return { ...call, mailedBeforeAnswerLeft: mailed, after: [...statements] };
      };
      const known = await traced(email);
      const unknown = await traced(`nobody-${Date.now()}@example.test`);
      expect([known.outcome, unknown.outcome]).toEqual(["ok", "ok"]);

      // The same statements, in the same order: the two rate limits in one, then one `exists`
      // (always one row of one boolean: whether the login is the demo account's).
      expect(known.before).toEqual(unknown.before);
      expect(known.before).toHaveLength(2);
      expect(known.before[0]).toContain("rate_limits");
      expect(known.before[1]).toMatch(/^select exists\(/);
      for (const statement of known.before) {
        expect(touches(statement, "password_reset_codes")).toBe(false);
        expect(touches(statement, "mail_outbox")).toBe(false);
      }
      // Both leave exactly one piece of work for after the answer; nothing was mailed before it left.
      expect(known.waiting).toHaveLength(1);
      expect(unknown.waiting).toHaveLength(1);
      expect(known.mailedBeforeAnswerLeft).toBe(outboxBefore);

      // Once the answer has left, both begin with the same look-up; only the existing account goes
      // on to its code and mail.
      expect(unknown.after).toHaveLength(1);
      expect(known.after[0]).toBe(unknown.after[0]);
      expect(known.after.some((s) => touches(s, "password_reset_codes"))).toBe(true);
      expect(known.after.some((s) => touches(s, "mail_outbox"))).toBe(true);
      // In insertion order (a worker's update may move an older row to the end of a plain scan).
      const mails = await db.owner.select().from(schema.mailOutbox).orderBy(schema.mailOutbox.id);
      expect(mails.length).toBe(outboxBefore + 1);
      expect(mails.at(-1)?.to).toBe(email);
    });
  });

  it("issue 17.7: the demo account is refused after the same statements, and leaves no work", async () => {
    await withTracedCalls(async (forgot) => {
      const demo = await makeUser(db.owner, { isDemo: true });
      const refused = await forgot(demo.email ?? "");
      const unknown = await forgot(`nobody-${Date.now()}@example.test`);
      for (const run of unknown.waiting) run();
      await backgroundWorkDone();
      expect(refused.outcome).toBe("demo_account_password_reset");
      expect(refused.before).toEqual(unknown.before);
      expect(refused.waiting).toHaveLength(0);
    });
  });

  it("issue 17.7: the server starts the deferred work only once the response has finished (or the connection closed)", async () => {
    const started: boolean[] = [];
    let startedWhileWriting = -1;
    const server = createServer((req, res: ServerResponse) => {
      whenAnsweredOf({ incoming: req, outgoing: res })(() => started.push(res.writableFinished));
      // Half the answer written, a few turns of the event loop: nothing may have started.
      res.write("part of the answer ");
      setImmediate(() =>
        setImmediate(() => {
          startedWhileWriting = started.length;
          res.end("and the rest");
        }),
      );
    });
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    const { port } = server.address() as AddressInfo;
    const text = await new Promise<string>((resolve, reject) => {
      request({ host: "127.0.0.1", port, path: "/" }, (res) => {
        let body = "";
        res.on("data", (chunk: Buffer) => {
          body += chunk.toString();
        });
        res.on("end", () => resolve(body));
      })
        .on("error", reject)
        .end();
    });
    expect(text).toBe("part of the answer and the rest");
    while (started.length === 0) await new Promise<void>((resolve) => setImmediate(resolve));
    expect(startedWhileWriting).toBe(0);
    // It ran once, and after the response had finished.
    expect(started).toEqual([true]);
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it("issue 17.7: over HTTP the request context holds the deferred work until its response has finished; a known address gets its code by mail, an unknown one nothing", async () => {
    // A route beside the API that builds its context as /trpc and /api do.
    const finishedWhenStarted: boolean[] = [];
    const server = await startServer(db.db, TEST_CONFIG, (app) => {
      app.get("/__test/answered", async (c) => {
        const ctx = await createRequestContext({ db: db.db, config: TEST_CONFIG, log: silentLog }, c, []);
        const { outgoing } = c.env as { outgoing: ServerResponse };
        if (!ctx.whenAnswered) return c.text("no whenAnswered", 500);
        ctx.whenAnswered(() => finishedWhenStarted.push(outgoing.writableFinished));
        return c.text("answered");
      });
    });
    try {
      const probe = await server.fetch("/__test/answered");
      expect(await probe.text()).toBe("answered");
      while (finishedWhenStarted.length === 0) await new Promise<void>((resolve) => setImmediate(resolve));
      expect(finishedWhenStarted).toEqual([true]);

      const user = await makeUser(db.owner);
      await backgroundWorkDone();
      const outboxBefore = (await db.owner.select().from(schema.mailOutbox)).length;
      for (const username of [user.email ?? "", `nobody-${Date.now()}@example.test`]) {
        const answer = await rest(server, {
          method: "POST",
          path: "/trpc/auth.forgotPassword",
          body: { username },
        });
        expect(outputOf("auth.forgotPassword", answer)).toEqual({ ok: true });
      }
      await backgroundWorkDone();
      const mails = (await db.owner.select().from(schema.mailOutbox).orderBy(schema.mailOutbox.id)).slice(
        outboxBefore,
      );
      expect(mails.map((m) => m.to)).toEqual([user.email]);
    } finally {
      await server.close();
    }
  });
});
