import { randomUUID } from "node:crypto";
import { isMasked, maskIdentifier, type ZPersonInput } from "@kunto/core";
import { schema, type Tx } from "@kunto/db";
import { and, asc, count, eq, gte, inArray, isNull, lt, ne, or, type SQL, sql } from "drizzle-orm";
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
import { addressLines, definedOnly, findParty } from "./parties";
import { type IdentifierField, openIdentifier, sealIdentifier } from "./sealing";

/**
 * Persons of the organisation (document 3 §3 Person, §4, §7 Persons; issue 22). `ssn` and
 * `taxNumber` are sealed at rest (sealing.ts); every answer masks them (last 4 characters) except the
 * single-person answer to a tenant admin's own session (`full`).
 */
type Input = z.output<typeof ZPersonInput>;
type Row = typeof schema.persons.$inferSelect;
type Joined = { person: Row; employer: { id: string; companyName: string } | null };

export interface Sealer {
  key: Uint8Array;
  tenantId: string;
}

const ps = schema.persons;
const pt = schema.parties;
const terms = schema.personSearchTerms;

function identifier(sealer: Sealer, row: Row, field: IdentifierField, full: boolean): string | null {
  const sealed = field === "ssn" ? row.ssnSealed : row.taxNumberSealed;
  const value = openIdentifier(sealer.key, sealer.tenantId, row.id, field, sealed);
  return full ? value : maskIdentifier(value);
}

function toPerson(sealer: Sealer, { person, employer }: Joined, full = false) {
  const a = person.address;
  return {
    id: person.id,
    firstname: person.firstname,
    lastname: person.lastname,
    phone: person.phone,
    email: person.email,
    employerId: person.employerId,
    employer: employer ? { id: employer.id, companyName: employer.companyName } : null,
    manager: person.manager,
    hidden: person.hidden,
    ssn: identifier(sealer, person, "ssn", full),
    taxNumber: identifier(sealer, person, "taxNumber", full),
    dob: person.dob,
    address: a
      ? {
          address1: a.address1 ?? null,
          address2: a.address2 ?? null,
          address3: a.address3 ?? null,
          postcode: a.postcode ?? null,
          city: a.city ?? null,
          country: a.country ?? null,
          dateFrom: a.dateFrom ?? null,
          dateTo: a.dateTo ?? null,
          type: "VISITING" as const,
          hidden: a.hidden ?? false,
        }
      : null,
  };
}
export type PersonDto = ReturnType<typeof toPerson>;

const select = (tx: Tx) =>
  tx
    .select({ person: ps, employer: { id: pt.id, companyName: pt.companyName } })
    .from(ps)
    .leftJoin(pt, eq(pt.id, ps.employerId));
const ordered = [asc(ps.lastname), asc(ps.firstname), asc(ps.id)];

async function listWhere(tx: Tx, sealer: Sealer, where: SQL | undefined) {
  const rows = await select(tx)
    .where(and(eq(ps.tenantId, sealer.tenantId), where))
    .orderBy(...ordered);
  return rows.map((row) => toPerson(sealer, row));
}

export const listPersons = (tx: Tx, sealer: Sealer) => listWhere(tx, sealer, undefined);
export const listManagers = (tx: Tx, sealer: Sealer) => listWhere(tx, sealer, eq(ps.manager, true));
export const listWithoutEmployer = (tx: Tx, sealer: Sealer) => listWhere(tx, sealer, isNull(ps.employerId));

export async function listByEmployer(tx: Tx, sealer: Sealer, partyId: string) {
  if (!(await findParty(tx, sealer.tenantId, partyId))) return fail("not_found");
  return listWhere(tx, sealer, eq(ps.employerId, partyId));
}

export interface PersonPageQuery extends PageParams {
  search?: string | null;
  /** The select-person dialog: persons not employed by this party. */
  notEmployerId?: string | null;
}

/** The persons with a term starting with `word` (docs/decisions.md "Search at volume"). */
const withTermStarting = (tx: Tx, tenantId: string, word: string) => {
  const { low, high } = prefixRange(word);
  return inArray(
    ps.id,
    tx
      .select({ id: terms.personId })
      .from(terms)
      .where(and(eq(terms.tenantId, tenantId), gte(terms.term, low), lt(terms.term, high))),
  );
};

/**
 * One page in SQL, sorted by name: each search word narrows to the persons with a word starting
 * with it; the unfiltered total is the kept count (person_counts), not a count under RLS.
 */
export async function pagePersons(tx: Tx, sealer: Sealer, q: PersonPageQuery) {
  const tenantId = sealer.tenantId;
  const filters: (SQL | undefined)[] = [eq(ps.tenantId, tenantId)];
  const search = q.search?.trim();
  const words = searchWords(search);
  if (search && words.length === 0) filters.push(sql`false`);
  for (const word of words) filters.push(withTermStarting(tx, tenantId, word));
  if (q.notEmployerId) filters.push(or(isNull(ps.employerId), ne(ps.employerId, q.notEmployerId)));
  const where = and(...filters);
  const kept = schema.personCounts;
  const total =
    !search && !q.notEmployerId
      ? tx.select({ n: kept.n }).from(kept).where(eq(kept.tenantId, tenantId))
      : words.length === 1 && !q.notEmployerId
        ? tx.execute<{ n: number }>(
            countFromTerms("person_search_terms", words[0] ?? "", sql`w.tenant_id = ${tenantId}`),
          )
        : tx.select({ n: count() }).from(ps).where(where);
  // The page's ids first, from the name index alone (an index-only walk past the offset), then
  // only those rows with their employers: a deep page no longer reads and joins every row it skips.
  const pageIds = tx
    .select({ id: ps.id })
    .from(ps)
    .where(where)
    .orderBy(...ordered)
    .limit(limitOf(q))
    .offset(offsetOf(q));
  await planForTheseValues(tx);
  const [rows, [n]] = await Promise.all([
    select(tx)
      .where(and(eq(ps.tenantId, tenantId), inArray(ps.id, pageIds)))
      .orderBy(...ordered),
    total,
  ]);
  return pageOf(
    rows.map((row) => toPerson(sealer, row)),
    n?.n ?? 0,
  );
}

export async function getPerson(tx: Tx, sealer: Sealer, id: string, full: boolean) {
  const [row] = await select(tx).where(and(eq(ps.tenantId, sealer.tenantId), eq(ps.id, id)));
  if (!row) return fail("not_found");
  return toPerson(sealer, row, full);
}

/** An employer must be a party of the same organisation (a foreign key alone would not say so). */
async function checkEmployer(tx: Tx, tenantId: string, employerId: string | null | undefined) {
  if (employerId && !(await findParty(tx, tenantId, employerId))) fail("not_found");
}

/** A masked value sent back (as a list answered it) keeps what is stored. */
const sealedValue = (sealer: Sealer, id: string, field: IdentifierField, value: string | null | undefined) =>
  value === undefined || isMasked(value)
    ? undefined
    : sealIdentifier(sealer.key, sealer.tenantId, id, field, value);

function valuesOf(sealer: Sealer, id: string, input: Input) {
  const a = input.address;
  return {
    firstname: input.firstname === undefined ? undefined : (input.firstname ?? ""),
    lastname: input.lastname === undefined ? undefined : (input.lastname ?? ""),
    phone: input.phone,
    email: input.email,
    employerId: input.employerId,
    manager: input.manager,
    hidden: input.hidden,
    ssnSealed: sealedValue(sealer, id, "ssn", input.ssn),
    taxNumberSealed: sealedValue(sealer, id, "taxNumber", input.taxNumber),
    dob: input.dob,
    address:
      a === undefined
        ? undefined
        : a === null
          ? null
          : {
              ...addressLines(a),
              dateFrom: a.dateFrom ?? null,
              dateTo: a.dateTo ?? null,
              type: "VISITING" as const,
              hidden: a.hidden ?? false,
            },
  };
}

export async function createPerson(tx: Tx, sealer: Sealer, input: Input, full: boolean) {
  await checkEmployer(tx, sealer.tenantId, input.employerId);
  // The id is made here: the sealed values are bound to it.
  const id = randomUUID();
  await tx.insert(ps).values({ ...definedOnly(valuesOf(sealer, id, input)), id, tenantId: sealer.tenantId });
  return getPerson(tx, sealer, id, full);
}

/** Fields left out keep their values; `employerId: null` unlinks the person from its party (§4). */
export async function updatePerson(tx: Tx, sealer: Sealer, id: string, input: Input, full: boolean) {
  await checkEmployer(tx, sealer.tenantId, input.employerId);
  const values = definedOnly(valuesOf(sealer, id, input));
  if (Object.keys(values).length > 0) {
    const rows = await tx
      .update(ps)
      .set(values)
      .where(and(eq(ps.tenantId, sealer.tenantId), eq(ps.id, id)))
      .returning({ id: ps.id });
    if (rows.length === 0) return fail("not_found");
  }
  return getPerson(tx, sealer, id, full);
}
