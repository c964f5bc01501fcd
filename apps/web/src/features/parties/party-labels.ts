import { PARTY_TYPES, type PartyType } from "@kunto/core";
import { i18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";

const TYPE_LABELS = {
  customer: msg`Customer`,
  supplier: msg`Supplier`,
  employer: msg`Employer`,
  contractor: msg`Contractor`,
} as const;

/** Document 3 §3: the party types in their order, translated. */
export const partyTypeLabel = (type: PartyType): string => i18n._(TYPE_LABELS[type]);
export const partyTypeOptions = () =>
  PARTY_TYPES.map((type) => ({ value: type, label: partyTypeLabel(type) }));
