import { z } from "zod";
import { isSafeText } from "./input-safety";
import { ITEM_NAME_MAX, ITEM_TYPES } from "./items";

const name = z.string().trim().max(ITEM_NAME_MAX, "too_long").refine(isSafeText, "invalid_text");

/** Name and type are checked by the service (`required_fields`, document 3 §5). */
export const ZItemInput = z.object({
  name: name.default(""),
  type: z.enum(ITEM_TYPES).nullish(),
});
/** The type cannot change (`item_type_fixed`); sending the item's own type is accepted. */
export const ZItemPatch = z.object({
  name: name.optional(),
  /** Checked by the service against the item's own type (`item_type_fixed`), so any text is read. */
  type: z.string().trim().max(64, "too_long").optional(),
  /** false deletes the item softly (document 3 §4); a deleted item is not found again. */
  active: z.boolean().optional(),
});
