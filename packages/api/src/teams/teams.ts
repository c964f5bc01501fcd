import { generatePublicKey } from "@kunto/auth";
import { checkEmails, type Plan, recipientLimit, type TTeamInput, urlSafeNameOf } from "@kunto/core";
import { schema, type Tx } from "@kunto/db";
import { and, asc, eq, inArray, like, sql } from "drizzle-orm";
import { fail } from "../errors";

type TeamRow = typeof schema.teams.$inferSelect;

export interface TeamDto {
  id: string;
  key: string;
  name: string;
  type: TeamRow["type"];
  description: string | null;
  urlSafeName: string;
  answerers: Array<{ id: string; email: string }>;
}

/**
 * A team's recipients as the server keeps them (document 2 §5): every entry must be an e-mail address
 * (the form extracts them from free text; the API takes the list), lower-cased, duplicates ignored,
 * at most the plan's answerer limit.
 */
export function checkRecipients(plan: Plan, entries: string[]): string[] {
  const { emails, invalid } = checkEmails(entries);
  if (invalid.length > 0) fail("invalid_email_addresses", { invalid: invalid.slice(0, 20) });
  if (recipientLimit(plan, emails.length).over)
    fail("max_recipients_reached", { cap: recipientLimit(plan, emails.length).cap });
  return emails;
}

async function answerersOf(tx: Tx, teamIds: string[]) {
  if (teamIds.length === 0) return new Map<string, TeamDto["answerers"]>();
  const rows = await tx
    .select({
      id: schema.teamAnswerers.id,
      teamId: schema.teamAnswerers.teamId,
      email: schema.teamAnswerers.email,
    })
    .from(schema.teamAnswerers)
    .where(inArray(schema.teamAnswerers.teamId, teamIds))
    .orderBy(asc(schema.teamAnswerers.email));
  const byTeam = new Map<string, TeamDto["answerers"]>();
  for (const row of rows) {
    const list = byTeam.get(row.teamId) ?? [];
    list.push({ id: row.id, email: row.email });
    byTeam.set(row.teamId, list);
  }
  return byTeam;
}

const toDto = (row: TeamRow, answerers: TeamDto["answerers"]): TeamDto => ({
  id: row.id,
  key: row.key,
  name: row.name,
  type: row.type,
  description: row.description,
  urlSafeName: row.urlSafeName,
  answerers,
});

export async function listTeams(tx: Tx, tenantId: string): Promise<TeamDto[]> {
  const rows = await tx
    .select()
    .from(schema.teams)
    .where(eq(schema.teams.tenantId, tenantId))
    .orderBy(asc(schema.teams.type), asc(schema.teams.name));
  const answerers = await answerersOf(
    tx,
    rows.map((r) => r.id),
  );
  return rows.map((row) => toDto(row, answerers.get(row.id) ?? []));
}

/** Teams without their addresses, for selectors (`GET /api/tenant/team/lite`). */
export async function listTeamsLite(tx: Tx, tenantId: string) {
  return tx
    .select({
      id: schema.teams.id,
      key: schema.teams.key,
      name: schema.teams.name,
      type: schema.teams.type,
      urlSafeName: schema.teams.urlSafeName,
      answerers: sql<number>`count(${schema.teamAnswerers.id})::int`,
    })
    .from(schema.teams)
    .leftJoin(schema.teamAnswerers, eq(schema.teamAnswerers.teamId, schema.teams.id))
    .where(eq(schema.teams.tenantId, tenantId))
    .groupBy(schema.teams.id, schema.teams.tenantId)
    .orderBy(asc(schema.teams.type), asc(schema.teams.name));
}

export async function findTeam(tx: Tx, tenantId: string, key: string): Promise<TeamRow> {
  const [row] = await tx
    .select()
    .from(schema.teams)
    .where(and(eq(schema.teams.tenantId, tenantId), eq(schema.teams.key, key)));
  return row ?? fail("not_found");
}

export async function getTeam(tx: Tx, tenantId: string, key: string): Promise<TeamDto> {
  const row = await findTeam(tx, tenantId, key);
  return toDto(row, (await answerersOf(tx, [row.id])).get(row.id) ?? []);
}

/**
 * The team's name in its public link: derived from the name once, at creation, and unique in the
 * organisation (a suffix -2, -3 ... when taken). Renaming keeps it, so links already sent still work
 * (docs/decisions.md "Teams").
 */
async function freeUrlSafeName(tx: Tx, tenantId: string, name: string): Promise<string> {
  const base = urlSafeNameOf(name);
  const taken = new Set(
    (
      await tx
        .select({ name: schema.teams.urlSafeName })
        .from(schema.teams)
        .where(and(eq(schema.teams.tenantId, tenantId), like(schema.teams.urlSafeName, `${base}%`)))
    ).map((r) => r.name),
  );
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

async function replaceAnswerers(tx: Tx, tenantId: string, teamId: string, emails: string[]) {
  await tx.delete(schema.teamAnswerers).where(eq(schema.teamAnswerers.teamId, teamId));
  if (emails.length > 0)
    await tx.insert(schema.teamAnswerers).values(emails.map((email) => ({ tenantId, teamId, email })));
}

export async function createTeam(tx: Tx, tenant: { id: string; plan: Plan }, input: TTeamInput) {
  const emails = checkRecipients(tenant.plan, input.answerers);
  const [row] = await tx
    .insert(schema.teams)
    .values({
      tenantId: tenant.id,
      key: generatePublicKey(),
      name: input.name,
      type: input.type,
      description: input.description,
      urlSafeName: await freeUrlSafeName(tx, tenant.id, input.name),
    })
    .returning();
  if (!row) return fail("team_save_failed");
  await replaceAnswerers(tx, tenant.id, row.id, emails);
  return getTeam(tx, tenant.id, row.key);
}

/** Name, description and recipients change; the type and the link name never do. */
export async function updateTeam(
  tx: Tx,
  tenant: { id: string; plan: Plan },
  input: Omit<TTeamInput, "type"> & { key: string },
) {
  const row = await findTeam(tx, tenant.id, input.key);
  const emails = checkRecipients(tenant.plan, input.answerers);
  await tx
    .update(schema.teams)
    .set({ name: input.name, description: input.description, updatedAt: new Date() })
    .where(eq(schema.teams.id, row.id));
  await replaceAnswerers(tx, tenant.id, row.id, emails);
  return getTeam(tx, tenant.id, row.key);
}

/**
 * A team whose members have answered keeps its answers: it cannot be deleted (docs/decisions.md
 * "Teams"). The team row is locked first, as `deleteShare` locks its share: the lock waits for a
 * submission still in flight (its write holds a key-share lock on the row), so the check below sees
 * its answer, which the delete would otherwise take with it (the answers' foreign key cascades).
 */
export async function deleteTeam(tx: Tx, tenantId: string, key: string) {
  const row = await findTeam(tx, tenantId, key);
  await tx
    .select({ id: schema.teams.id })
    .from(schema.teams)
    .where(eq(schema.teams.id, row.id))
    .for("update");
  const [answered] = await tx
    .select({ one: sql<number>`1` })
    .from(schema.surveyResponses)
    .where(eq(schema.surveyResponses.teamId, row.id))
    .limit(1);
  if (answered) fail("team_has_answers");
  await tx.delete(schema.teams).where(eq(schema.teams.id, row.id));
}
