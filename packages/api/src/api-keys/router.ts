import { API_KEY_SCOPES, ZApiKeyCreateInput, ZApiKeyUpdateInput } from "@kunto/core";
import { z } from "zod";
import { ok, ZOk } from "../dto";
import { router, withPlanOrPlatformAdmin } from "../trpc";
import * as apiKeys from "./api-keys";

/**
 * API keys (document 3 §2, §3, §7; issue 20): tenant admins of paid plans (PRO, TOTAL; 403
 * `plan_required` on FREE) manage their organisation's keys, platform admins every organisation's,
 * both with the organisation in X-tenant-id. A key itself never manages keys.
 */
const ZApiKey = z.object({
  name: z.string(),
  publicKey: z.string().meta({ description: "Names the key in paths and in the `Authorization` header." }),
  scope: z.enum(API_KEY_SCOPES),
  ips: z
    .string()
    .meta({ description: "Allowed addresses and CIDR ranges, one per line; empty: every address." }),
  createdAt: z.iso.datetime(),
  expireAt: z.iso.datetime().meta({ description: "23:59:59 of the last day, Europe/Helsinki." }),
  lastUsed: z.iso.datetime().nullable().meta({
    description:
      "The last call with the key, to the minute (written at most once a minute); null: never used.",
  }),
  createdBy: z
    .object({
      id: z.string(),
      firstName: z.string().nullable(),
      lastName: z.string().nullable(),
      email: z.string().nullable(),
    })
    .nullable()
    .meta({ description: "Who made the key; null when hidden from the caller (internal users)." }),
});
const ZCreatedApiKey = ZApiKey.extend({
  privateKey: z.string().meta({ description: "Shown this once: only its hash is kept." }),
  token: z.string().meta({
    description: "What a call sends: `Authorization: Bearer <token>` (`<publicKey>.<privateKey>`).",
  }),
});
const ZPublicKey = z.object({ publicKey: z.string().min(1).max(64) });

const tags = ["apikey"];
const manage = () => withPlanOrPlatformAdmin("tenant.apikeys.manage", "apiKeys");
const WHO =
  "Tenant admins of a PRO or TOTAL organisation (`plan_required` on FREE), and platform admins for any organisation.";

export const apiKeyRouter = router({
  list: manage()
    .meta({
      openapi: {
        method: "GET",
        path: "/tenant/apikey",
        tags,
        summary: "The organisation's API keys",
        description: WHO,
      },
    })
    .input(z.object({}).optional())
    .output(z.array(ZApiKey))
    .query(({ ctx }) =>
      apiKeys.listApiKeys(ctx.tx, ctx.tenant.id, { email: ctx.user.email, config: ctx.config }),
    ),
  create: manage()
    .meta({
      openapi: {
        method: "POST",
        path: "/tenant/apikey",
        tags,
        summary: "Create an API key",
        description: `${WHO} The answer carries the private key once. \`termsAccepted\` must be true (\`api_key_terms_required\`); a line of \`ips\` that is no address or range answers \`api_key_invalid_ip\` with \`data.fields\` naming \`ips.<line>\`.`,
      },
    })
    .input(ZApiKeyCreateInput)
    .output(ZCreatedApiKey)
    .mutation(({ ctx, input }) =>
      apiKeys.createApiKey(ctx.tx, ctx.tenant.id, ctx.user.id, input, {
        email: ctx.user.email,
        config: ctx.config,
      }),
    ),
  update: manage()
    .meta({
      openapi: {
        method: "PUT",
        path: "/tenant/apikey/{publicKey}",
        tags,
        summary: "Change an API key's name, expiry, IP list or scope",
        description: `${WHO} Fields left out stay as they are; the key itself does not change.`,
      },
    })
    .input(ZApiKeyUpdateInput)
    .output(ZApiKey)
    .mutation(({ ctx, input }) =>
      apiKeys.updateApiKey(ctx.tx, ctx.tenant.id, ctx.user.id, input, {
        email: ctx.user.email,
        config: ctx.config,
      }),
    ),
  delete: manage()
    .meta({
      openapi: {
        method: "DELETE",
        path: "/tenant/apikey/{publicKey}",
        tags,
        summary: "Delete an API key",
        description: `${WHO} The key is refused from the next call on.`,
      },
    })
    .input(ZPublicKey)
    .output(ZOk)
    .mutation(async ({ ctx, input }) => {
      await apiKeys.deleteApiKey(ctx.tx, ctx.tenant.id, ctx.user.id, input.publicKey);
      return ok;
    }),
});
