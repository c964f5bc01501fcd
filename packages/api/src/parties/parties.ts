import { DEFAULT_PARTY_TYPE, type PartyType, type TPartyInput, type ZPartyInput } from "@kunto/core";
import { schema, type Tx } from "@kunto/db";
import { and, asc, count, eq, gte, inArray, lt, type SQL, sql, sum } from "drizzle-orm";
import type { z } from "zod";
import { fail } from "../errors";
import {
  countFromTerms,
  limitOf,
  offsetOf,
  type PageParams,
  pageOf,
  planForTheseValues,
  prefixRange,
  searchWords,
} from "./paging";

/** Parties of the organisation (document 3 §3 Party, §7 Parties; issue 22). */
type Row = typeof schema.parties.$inferSelect;
type Input = z.output<typeof ZPartyInput>;
type Address = NonNullable<Input["visitingAddress"]>;

const p = schema.parties;
const terms = schema.partySearchTerms;
const counts = schema.partyCounts;

const addressOf = (a: Row["visitingAddress"]) =>
  a
    ? {
        address1: a.address1 ?? null,
        address2: a.address2 ?? null,
        address3: a.address3 ?? null,
        postcode: a.postcode ?? null,
        city: a.city ?? null,
        country: a.country ?? null,
      }
    : null;

export const toParty = (row: Row) => ({
  id: row.id,
  companyName: row.companyName,
  businessCode: row.businessCode,
  contactFirstname: row.contactFirstname,
  contactLastname: row.contactLastname,
  phone: row.phone,
  email: row.email,
  code: row.code,
  type: row.type,
  visitingAddress: addressOf(row.visitingAddress),
  billingAddress: addressOf(row.billingAddress),
  tenantParty: row.tenantParty,
});
export type PartyDto = ReturnType<typeof toParty>;

/** An address's six lines as stored: every one present (null when not given). */
export const addressLines = (
  a: Partial<Record<AddressLine, string | null>>,
): Record<AddressLine, string | null> => ({
  address1: a.address1 ?? null,
  address2: a.address2 ?? null,
  address3: a.address3 ?? null,
  postcode: a.postcode ?? null,
  city: a.city ?? null,
  country: a.country ?? null,
});
type AddressLine = "address1" | "address2" | "address3" | "postcode" | "city" | "country";

/** An address as stored; undefined leaves it as it is. */
const storedAddress = (a: Address | null | undefined) =>
  a === undefined ? undefined : a === null ? null : addressLines(a);

/** The columns an input names; `tenantParty` is read-only and never taken. */
function valuesOf(input: Input) {
  return {
    companyName: input.companyName === undefined ? undefined : (input.companyName ?? ""),
    businessCode: input.businessCode,
    contactFirstname: input.contactFirstname,
    contactLastname: input.contactLastname,
    phone: input.phone,
    email: input.email,
    code: input.code,
    type: input.type,
    visitingAddress: storedAddress(input.visitingAddress),
    billingAddress: storedAddress(input.billingAddress),
  };
}

const ordered = [asc(p.companyName), asc(p.id)];

export async function listParties(tx: Tx, tenantId: string, type?: PartyType): Promise<PartyDto[]> {
  const where = type ? and(eq(p.tenantId, tenantId), eq(p.type, type)) : eq(p.tenantId, tenantId);
  const rows = await tx
    .select()
    .from(p)
    .where(where)
    .orderBy(...ordered);
  return rows.map(toParty);
}

export interface PartyPageQuery extends PageParams {
  types?: PartyType[];
  search?: string | null;
}

/** The parties with a term starting with `word` (docs/decisions.md "Search at volume"). */
const withTermStarting = (tx: Tx, tenantId: string, word: string) => {
  const { low, high } = prefixRange(word);
  return inArray(
    p.id,
    tx
      .select({ id: terms.partyId })
      .from(terms)
      .where(and(eq(terms.tenantId, tenantId), gte(terms.term, low), lt(terms.term, high))),
  );
};

/**
 * One page in SQL, sorted by company name, with the total of the filter: each search word narrows
 * to the parties with a word starting with it; without a search the total is a sum of the kept
 * counts per type (party_counts) instead of a count of every row under row-level security.
 */
export async function pageParties(tx: Tx, tenantId: string, q: PartyPageQuery) {
  const filters: SQL[] = [eq(p.tenantId, tenantId)];
  if (q.types?.length) filters.push(inArray(p.type, q.types));
  const search = q.search?.trim();
  const words = searchWords(search);
  if (search && words.length === 0) filters.push(sql`false`);
  for (const word of words) filters.push(withTermStarting(tx, tenantId, word));
  const where = and(...filters);
  const kept = and(
    eq(counts.tenantId, tenantId),
    q.types?.length ? inArray(counts.type, q.types) : undefined,
  );
  const total = !search
    ? tx
        .select({ n: sql<number>`coalesce(${sum(counts.n)}, 0)::int` })
        .from(counts)
        .where(kept)
    : words.length === 1 && !q.types?.length
      ? tx.execute<{ n: number }>(
          countFromTerms("party_search_terms", words[0] ?? "", sql`w.tenant_id = ${tenantId}`),
        )
      : tx.select({ n: count() }).from(p).where(where);
  // The page's ids first, from the name index alone (an index-only walk past the offset), then
  // only those rows: a deep page no longer reads every row it skips.
  const pageIds = tx
    .select({ id: p.id })
    .from(p)
    .where(where)
    .orderBy(...ordered)
    .limit(limitOf(q))
    .offset(offsetOf(q));
  await planForTheseValues(tx);
  const [rows, [n]] = await Promise.all([
    tx
      .select()
      .from(p)
      .where(and(eq(p.tenantId, tenantId), inArray(p.id, pageIds)))
      .orderBy(...ordered),
    total,
  ]);
  return pageOf(rows.map(toParty), n?.n ?? 0);
}

export async function findParty(tx: Tx, tenantId: string, id: string): Promise<Row | null> {
  const [row] = await tx
    .select()
    .from(p)
    .where(and(eq(p.tenantId, tenantId), eq(p.id, id)));
  return row ?? null;
}

export async function getParty(tx: Tx, tenantId: string, id: string): Promise<PartyDto> {
  const row = await findParty(tx, tenantId, id);
  if (!row) return fail("not_found");
  return toParty(row);
}

export async function createParty(tx: Tx, tenantId: string, input: Input): Promise<PartyDto> {
  const values = valuesOf(input);
  const [row] = await tx
    .insert(p)
    .values({
      ...values,
      tenantId,
      companyName: values.companyName ?? "",
      type: values.type ?? DEFAULT_PARTY_TYPE,
      visitingAddress: values.visitingAddress ?? null,
      billingAddress: values.billingAddress ?? null,
    })
    .returning();
  if (!row) return fail("internal_error");
  return toParty(row);
}

export async function updateParty(tx: Tx, tenantId: string, id: string, input: Input): Promise<PartyDto> {
  const values = definedOnly(valuesOf(input));
  if (Object.keys(values).length === 0) return getParty(tx, tenantId, id);
  const [row] = await tx
    .update(p)
    .set(values)
    .where(and(eq(p.tenantId, tenantId), eq(p.id, id)))
    .returning();
  if (!row) return fail("not_found");
  return toParty(row);
}

/** The keys an update names (drizzle refuses a `set` with nothing in it). */
export const definedOnly = <T extends Record<string, unknown>>(values: T): Partial<T> =>
  Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Partial<T>;

export type { TPartyInput };
