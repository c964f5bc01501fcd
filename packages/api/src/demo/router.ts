import { LANGUAGES } from "@kunto/core";
import { z } from "zod";
import { authedProcedure, publicProcedure, router } from "../trpc";
import * as demo from "./demo-sandbox";

const ZSandbox = z.object({
  expiresAt: z.string(),
  /** Mails the sandbox kept instead of sending, newest first. */
  heldMails: z.array(
    z.object({ id: z.number(), to: z.string(), subject: z.string(), createdAt: z.string() }),
  ),
});

/** "Try the demo" (issue 6.6, docs/decisions.md "Demo"). */
export const demoRouter = router({
  start: publicProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/public/demo",
        tags: ["demo"],
        summary: "Try the demo",
        description:
          "Creates a private copy of the demo organisations (a sandbox, removed after 24 hours) and signs the caller in to it with a session cookie. Mail inside a sandbox is never sent. At most a few new sandboxes per client address and hour, an IPv6 client counted per /64 (429 `too_many_requests` with `Retry-After`); at most the server's configured number of sandboxes alive at once (503 `demo_capacity_reached`, `Retry-After` says when the next one ends); 404 `demo_unavailable` when the server has no demo data.",
      },
    })
    .input(
      z
        .object({
          language: z.enum(LANGUAGES).optional().meta({
            description: "The visitor's language: the demo's teams, surveys and tasks are written in it.",
          }),
        })
        .optional(),
    )
    .output(z.object({ expiresAt: z.string() }))
    .mutation(({ ctx, input }) => demo.startDemo(ctx, input?.language)),
  /** The signed-in visitor's sandbox, or null for everyone else. */
  sandbox: authedProcedure
    .input(z.object({}).optional())
    .output(ZSandbox.nullable())
    .query(({ ctx }) => demo.sandboxOf(ctx.tx, ctx.user)),
});
