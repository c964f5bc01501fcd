import { PARTY_TYPES } from "@kunto/core";
import { z } from "zod";

/** Wire shapes of parties and persons (document 3 §3; issue 22). */
const ZAddress = z.object({
  address1: z.string().nullable(),
  address2: z.string().nullable(),
  address3: z.string().nullable(),
  postcode: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
});

export const ZParty = z.object({
  id: z.uuid(),
  companyName: z.string(),
  businessCode: z.string().nullable(),
  contactFirstname: z.string().nullable(),
  contactLastname: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  code: z.string().nullable(),
  type: z.enum(PARTY_TYPES),
  visitingAddress: ZAddress.nullable(),
  billingAddress: ZAddress.nullable(),
  tenantParty: z.boolean().meta({ description: "The organisation's own party; read-only." }),
});

export const ZPerson = z.object({
  id: z.uuid(),
  firstname: z.string(),
  lastname: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  employerId: z.uuid().nullable(),
  employer: z.object({ id: z.uuid(), companyName: z.string() }).nullable(),
  manager: z.boolean(),
  hidden: z.boolean(),
  ssn: z.string().nullable().meta({
    description:
      "Personal identity code. Masked (`••••` and the last 4 characters) in every answer but the single person's to a tenant admin's own session.",
  }),
  taxNumber: z.string().nullable().meta({ description: "Tax number, masked as `ssn` is." }),
  dob: z.string().nullable().meta({ description: "Birth date, YYYY-MM-DD, 1950-01-01 … today." }),
  address: ZAddress.extend({
    dateFrom: z.string().nullable(),
    dateTo: z.string().nullable(),
    type: z.enum(["VISITING"]),
    hidden: z.boolean(),
  }).nullable(),
});

export const pageSchema = <T extends z.ZodType>(item: T) =>
  z.object({ content: z.array(item), totalElements: z.number().int() });
