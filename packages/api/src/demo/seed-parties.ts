import { schema, type Tx } from "@kunto/db";
import { DEMO_TENANT } from "@kunto/db/seed";
import { and, eq, isNull } from "drizzle-orm";

/**
 * The demo organisation's small CRM (issue 22): a few parties of each type and their contact
 * persons, so the party and person lists have something to open. No person has an ssn or a tax
 * number: demo data never holds them (a demo copy carries nothing to mask).
 */
type Party = Omit<typeof schema.parties.$inferInsert, "tenantId" | "search">;
type Person = {
  firstname: string;
  lastname: string;
  email: string;
  phone: string;
  manager?: boolean;
  dob?: string;
};

const address = (address1: string, postcode: string, city: string) => ({
  address1,
  address2: null,
  address3: null,
  postcode,
  city,
  country: "FI",
});

const DEMO_PARTIES: { party: Party; persons: Person[] }[] = [
  {
    party: {
      companyName: DEMO_TENANT.name,
      businessCode: "2345678-9",
      type: "employer",
      tenantParty: true,
      phone: "+358 9 4567 1000",
      email: "info@aurora.example",
      visitingAddress: address(DEMO_TENANT.streetAddress, "33100", "Tampere"),
      billingAddress: address("PL 120", "33101", "Tampere"),
    },
    persons: [
      {
        firstname: "Anna",
        lastname: "Virtanen",
        email: "anna.virtanen@aurora.example",
        phone: "+358 40 123 4501",
        manager: true,
        dob: "1978-04-12",
      },
      {
        firstname: "Mikko",
        lastname: "Korhonen",
        email: "mikko.korhonen@aurora.example",
        phone: "+358 40 123 4502",
        manager: true,
      },
      { firstname: "Kadri", lastname: "Tamm", email: "kadri.tamm@aurora.example", phone: "+372 5123 4567" },
    ],
  },
  {
    party: {
      companyName: "Nordic Steel Supply Oy",
      businessCode: "1987654-3",
      type: "supplier",
      contactFirstname: "Jussi",
      contactLastname: "Mäkinen",
      phone: "+358 3 222 3300",
      email: "sales@nordicsteel.example",
      visitingAddress: address("Hämeenkatu 5", "33100", "Tampere"),
    },
    persons: [
      {
        firstname: "Jussi",
        lastname: "Mäkinen",
        email: "jussi.makinen@nordicsteel.example",
        phone: "+358 50 765 4321",
      },
    ],
  },
  {
    party: {
      companyName: "Baltic Retail AS",
      businessCode: "EE10293847",
      type: "customer",
      contactFirstname: "Liis",
      contactLastname: "Kask",
      email: "purchasing@balticretail.example",
      visitingAddress: { ...address("Narva mnt 7", "10117", "Tallinn"), country: "EE" },
    },
    persons: [
      {
        firstname: "Liis",
        lastname: "Kask",
        email: "liis.kask@balticretail.example",
        phone: "+372 5555 0101",
      },
    ],
  },
  {
    party: {
      companyName: "Lakeside Cafés Oy",
      businessCode: "3141592-6",
      type: "customer",
      email: "orders@lakeside.example",
      visitingAddress: address("Rantatie 3", "40100", "Jyväskylä"),
    },
    persons: [],
  },
  {
    party: {
      companyName: "Sähkö-Laine Ky",
      businessCode: "2718281-8",
      type: "contractor",
      contactFirstname: "Pekka",
      contactLastname: "Laine",
      phone: "+358 44 987 6543",
    },
    persons: [
      { firstname: "Pekka", lastname: "Laine", email: "pekka@sahkolaine.example", phone: "+358 44 987 6543" },
    ],
  },
];

/** Once per database: nothing happens when the demo organisation already has a party. */
export async function seedDemoParties(tx: Tx): Promise<number> {
  const [tenant] = await tx
    .select({ id: schema.tenants.id })
    .from(schema.tenants)
    .where(
      and(
        eq(schema.tenants.name, DEMO_TENANT.name),
        eq(schema.tenants.isDemo, true),
        isNull(schema.tenants.sandboxId),
      ),
    );
  if (!tenant) return 0;
  const [existing] = await tx
    .select({ id: schema.parties.id })
    .from(schema.parties)
    .where(eq(schema.parties.tenantId, tenant.id))
    .limit(1);
  if (existing) return 0;
  let count = 0;
  for (const { party, persons } of DEMO_PARTIES) {
    const [row] = await tx
      .insert(schema.parties)
      .values({ ...party, tenantId: tenant.id })
      .returning({ id: schema.parties.id });
    count++;
    if (!row || persons.length === 0) continue;
    await tx.insert(schema.persons).values(
      persons.map((p) => ({
        tenantId: tenant.id,
        employerId: row.id,
        firstname: p.firstname,
        lastname: p.lastname,
        email: p.email,
        phone: p.phone,
        manager: p.manager ?? false,
        dob: p.dob ?? null,
      })),
    );
    count += persons.length;
  }
  // A person the visitor can add to a party with the select-person dialog.
  await tx.insert(schema.persons).values({
    tenantId: tenant.id,
    firstname: "Sofia",
    lastname: "Nieminen",
    email: "sofia.nieminen@example.fi",
    phone: "+358 40 555 0199",
  });
  return count + 1;
}
