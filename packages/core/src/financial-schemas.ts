import { z } from "zod";
import { ZCountry, ZDuns, ZOptionalText, ZRequired } from "./schemas";

/**
 * The identity search form (document 3 §2, §5): the organisation's name (required), an optional
 * registration number, the country (required, one of the country list).
 */
export const ZIdentitySearchInput = z.strictObject({
  name: ZRequired(200),
  registrationNumber: ZOptionalText(50),
  countryISOAlpha2Code: ZCountry,
});
export type TIdentitySearchInput = z.infer<typeof ZIdentitySearchInput>;

/** Saving the D-U-N-S number (document 3 §5): required, exactly nine digits (`invalid_duns`). */
export const ZDunsInput = z.strictObject({ dunsNumber: ZDuns });
