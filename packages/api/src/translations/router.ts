import { type ADMIN_PAGE_SIZES, AppError, LANGUAGES, ZLanguage } from "@kunto/core";
import { schema } from "@kunto/db";
import { and, arrayContains, eq } from "drizzle-orm";
import { z } from "zod";
import { toTRPCError } from "../errors";
import { tenantIdOf } from "../tenant-header";
import { adminProcedure, authedProcedure, publicProcedure, router } from "../trpc";
import * as translations from "./translations";

/**
 * The translations editor's calls (document 3 §7). Platform admins read and save; the texts are
 * shared by every organisation, so the admin of the organisation named by X-tenant-id (an active
 * one) may read them but not save (docs/decisions.md "Translations editor").
 */
const readerProcedure = authedProcedure.meta({ tenantHeader: "optional" }).use(async ({ ctx, next }) => {
  if (ctx.user.systemRoles.includes("admin")) return next();
  if (!ctx.tenantHeader) throw toTRPCError(new AppError("access_denied"));
  const tenantId = tenantIdOf(ctx.tenantHeader);
  const m = schema.memberships;
  const [admin] = await ctx.tx
    .select({ tenantId: m.tenantId })
    .from(m)
    .innerJoin(schema.tenants, eq(schema.tenants.id, m.tenantId))
    .where(
      and(
        eq(m.userId, ctx.user.id),
        eq(m.tenantId, tenantId),
        arrayContains(m.roles, ["tenant_admin"]),
        eq(schema.tenants.active, true),
      ),
    )
    .limit(1);
  if (!admin) throw toTRPCError(new AppError("access_denied"));
  return next();
});

const TID_MAX = 300;
const TEXT_MAX = 10_000;
const ZTid = z.string().trim().min(1).max(TID_MAX);
const ZText = z.string().max(TEXT_MAX);
const ZTexts = z.strictObject(
  Object.fromEntries(LANGUAGES.map((l) => [l, ZText])) as Record<(typeof LANGUAGES)[number], typeof ZText>,
);
const ZInputTexts = z
  .strictObject(
    Object.fromEntries(LANGUAGES.map((l) => [l, ZText.optional()])) as Record<
      (typeof LANGUAGES)[number],
      z.ZodOptional<typeof ZText>
    >,
  )
  .meta({
    description: "A text per language (en, fi, ee, ru, pl); empty or left out: none for that language.",
  });
const ZRow = z.object({
  tid: z.string(),
  kind: z.enum(["content", "interface", "mail"]),
  texts: ZTexts.meta({ description: "What each language shows: the stored text, else the built-in one." }),
  builtIn: ZTexts.nullable().meta({
    description: "An interface or mail text's built-in texts; null otherwise.",
  }),
  stored: z.array(ZLanguage).meta({ description: "The languages with a stored text." }),
});
const PAGE_SIZES = ["50", "100", "500", "all"] as const satisfies readonly (
  | `${(typeof ADMIN_PAGE_SIZES)[number]}`
  | "all"
)[];
const tags = ["translations"];
const READERS = "Platform admins; the admins of the organisation named by X-tenant-id read only.";

export const translationRouter = router({
  all: readerProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/translation",
        tags,
        summary: "Every stored translation",
        description: `${READERS} The translations table: content texts, custom translations and the interface and mail overrides.`,
      },
    })
    .input(z.object({}).optional())
    .output(z.array(z.object({ tid: z.string(), texts: ZTexts })))
    .query(({ ctx }) => translations.listAll(ctx.tx)),
  page: readerProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/translation/page",
        tags,
        summary: "A page of the translations editor's table",
        description: `${READERS} Stored translations, the interface's texts (\`ui.<message id>\`) and the mail texts (\`mail.<kind>.subject|body\`), sorted by tid. Every word of \`search\` occurs in the tid or a text. Pages of \`pageSize\` (50, 100, 500 or all) from \`page\` (1-based).`,
      },
    })
    .input(
      z.strictObject({
        page: z.number().int().min(1).max(100_000).default(1),
        pageSize: z.enum(PAGE_SIZES).default("50"),
        search: z.string().trim().max(200).default(""),
      }),
    )
    .output(z.object({ total: z.number().int(), page: z.number().int(), items: z.array(ZRow) }))
    .query(({ ctx, input }) =>
      translations.listPage(ctx.tx, {
        ...input,
        pageSize: input.pageSize === "all" ? "all" : Number(input.pageSize),
      }),
    ),
  // Before `byLanguage`: GET /translation/{lang}/interface has its own path.
  interface: publicProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/translation/{lang}/interface",
        tags,
        summary: "The interface's overridden texts in a language",
        description:
          "Public (the sign-in pages read it too). Lingui message id → compiled message, to load over the built-in catalog. English overrides stand in where the language's catalog has no text.",
      },
    })
    .input(z.strictObject({ lang: ZLanguage }))
    .output(z.object({ messages: z.record(z.string(), z.array(z.unknown())) }))
    .query(({ ctx, input }) => translations.interfaceOverrides(ctx.db, input.lang)),
  byLanguage: readerProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/translation/{lang}",
        tags,
        summary: "Every stored translation's text in a language",
        description: `${READERS} tid → text; English where the language has none.`,
      },
    })
    .input(z.strictObject({ lang: ZLanguage }))
    .output(z.record(z.string(), z.string()))
    .query(({ ctx, input }) => translations.mapOf(ctx.tx, input.lang)),
  save: adminProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/translation",
        tags,
        summary: "Save one translation (platform admins)",
        description:
          "The texts of a known tid (404 otherwise). An empty text stores none for that language; a stored translation needs English (400 `validation_failed`, `fields` `texts.en`: `field_required`). An interface or mail text's override keeps the built-in text's placeholders (400 `translations.placeholders_mismatch`, `fields` names them as `texts.<language>`).",
      },
    })
    .input(z.strictObject({ tid: ZTid, texts: ZInputTexts }))
    .output(ZRow)
    .mutation(({ ctx, input }) => translations.save(ctx.tx, input.tid, input.texts)),
  create: adminProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/translation/new",
        tags,
        summary: "Create a translation from free text (platform admins)",
        description: `Its tid is \`custom.\`, the free text cut at ${translations.FREE_TEXT_MAX} characters and a generated id. The free text is its English text unless \`texts.en\` is given.`,
      },
    })
    .input(z.strictObject({ text: z.string().trim().min(1).max(TEXT_MAX), texts: ZInputTexts.default({}) }))
    .output(ZRow)
    .mutation(({ ctx, input }) => translations.create(ctx.tx, input.text, input.texts)),
});
