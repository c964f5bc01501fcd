import { boolean, date, index, integer, jsonb, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import {
  createdAt,
  rowId,
  tenantForeignKey,
  tenantId,
  tenantPolicy,
  tenantPrimaryKey,
  updatedAt,
} from "./columns";
import { searchTerm } from "./search-terms";
import { tenants } from "./tenants";
import { bytea } from "./users";

/**
 * Parties and persons of an organisation's small CRM (document 3 §2-§7, issue 22). Both tenant-owned
 * under the tenant policy. Lists sort by name (b-tree indexes) and search the term tables below (the
 * words of the searchable columns). No trigram index: under row-level security the app role's `LIKE`
 * (not leakproof) cannot be an index condition, so such an index would only cost writes.
 */
const tenantRef = () => tenantId().references(() => tenants.id, { onDelete: "cascade" });

export const PARTY_TYPES = ["customer", "supplier", "employer", "contractor"] as const;

/** Document 3 §3 Address; a person's address also has dateFrom, dateTo, type and hidden. */
export type StoredAddress = {
  address1: string | null;
  address2: string | null;
  address3: string | null;
  postcode: string | null;
  city: string | null;
  country: string | null;
  dateFrom?: string | null;
  dateTo?: string | null;
  type?: "VISITING";
  hidden?: boolean;
};

export const parties = pgTable(
  "parties",
  {
    id: rowId(),
    tenantId: tenantRef(),
    companyName: text().notNull().default(""),
    businessCode: text(),
    contactFirstname: text(),
    contactLastname: text(),
    phone: text(),
    email: text(),
    code: text(),
    type: text({ enum: PARTY_TYPES }).notNull().default("customer"),
    visitingAddress: jsonb().$type<StoredAddress>(),
    billingAddress: jsonb().$type<StoredAddress>(),
    /** The organisation's own party; read-only for clients. */
    tenantParty: boolean().notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    tenantPrimaryKey(t),
    index("parties_tenant_name_idx").on(t.tenantId, t.companyName, t.id),
    index("parties_tenant_type_name_idx").on(t.tenantId, t.type, t.companyName, t.id),
    tenantPolicy("parties", t.tenantId),
  ],
);

export const persons = pgTable(
  "persons",
  {
    id: rowId(),
    tenantId: tenantRef(),
    firstname: text().notNull().default(""),
    lastname: text().notNull().default(""),
    phone: text(),
    email: text(),
    employerId: uuid(),
    manager: boolean().notNull().default(false),
    hidden: boolean().notNull().default(false),
    /**
     * Personal identity code and tax number: AES-256-GCM under a SECRETS_KEY sub-key of their own,
     * bound to the row and the field (packages/api/src/parties/sealing.ts). Never stored in clear.
     */
    ssnSealed: bytea(),
    taxNumberSealed: bytea(),
    dob: date(),
    address: jsonb().$type<StoredAddress>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantForeignKey("persons_employer_id_fk", t.employerId, t.tenantId, parties).onDelete("set null"),
    index("persons_tenant_name_idx").on(t.tenantId, t.lastname, t.firstname, t.id),
    index("persons_employer_idx").on(t.employerId),
    tenantPolicy("persons", t.tenantId),
  ],
);

/**
 * The lists' word-prefix search at volume (docs/decisions.md "Search at volume"): one row per
 * lower-cased word of a party's company name, business code and code, a person's last name, first
 * name, e-mail and phone. Kept by statement triggers on the parent (migration 0034,
 * `kunto_party_search_terms`, `kunto_person_search_terms`). A search is a b-tree range on
 * (tenant_id, term): text comparison is leakproof, so it is an index condition under row-level
 * security, where `LIKE` on the parent would read every row of the organisation.
 *
 * `prevTerm` is the same row's term before this one in "C" order (null for its first term;
 * migration 0036). A prefix range holds a contiguous run of a row's sorted terms, so the rows whose
 * `prevTerm` is null or sorts before the prefix are exactly one per matching parent: a one-word
 * total counts index entries (the primary key carries `prevTerm` as an INCLUDE column) instead of
 * sorting every matching id for a distinct count.
 */
export const partySearchTerms = pgTable(
  "party_search_terms",
  {
    tenantId: tenantId(),
    term: searchTerm().notNull(),
    prevTerm: searchTerm(),
    partyId: uuid().notNull(),
  },
  (t) => [
    tenantForeignKey("party_search_terms_party_id_fk", t.partyId, t.tenantId, parties).onDelete("cascade"),
    primaryKey({ columns: [t.tenantId, t.term, t.partyId] }),
    index("party_search_terms_party_idx").on(t.partyId),
    tenantPolicy("party_search_terms", t.tenantId),
  ],
);

export const personSearchTerms = pgTable(
  "person_search_terms",
  {
    tenantId: tenantId(),
    term: searchTerm().notNull(),
    prevTerm: searchTerm(),
    personId: uuid().notNull(),
  },
  (t) => [
    tenantForeignKey("person_search_terms_person_id_fk", t.personId, t.tenantId, persons).onDelete("cascade"),
    primaryKey({ columns: [t.tenantId, t.term, t.personId] }),
    index("person_search_terms_person_idx").on(t.personId),
    tenantPolicy("person_search_terms", t.tenantId),
  ],
);

/**
 * How many parties an organisation has per type, and how many persons, kept by statement triggers
 * (migration 0034, `kunto_party_counts`, `kunto_person_counts`): the unfiltered list's total is a
 * sum over these few rows instead of a count of 100,000 rows under row-level security.
 */
export const partyCounts = pgTable(
  "party_counts",
  {
    tenantId: tenantRef(),
    type: text().notNull(),
    n: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.type] }), tenantPolicy("party_counts", t.tenantId)],
);

export const personCounts = pgTable(
  "person_counts",
  {
    tenantId: tenantRef().primaryKey(),
    n: integer().notNull().default(0),
  },
  (t) => [tenantPolicy("person_counts", t.tenantId)],
);
