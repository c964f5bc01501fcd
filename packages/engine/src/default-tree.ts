import { WIDE_BOUNDS } from "./bands";
import type { CategoryTree } from "./model";

// The report features (fitness index, input map, culture) are defined by the product in terms
// of these engine names; a tree without them simply shows those parts grey.
export const CATEGORY = Object.freeze({
  efficiency: "efficiency",
  organization: "organization",
  processes: "processes",
  cooperation: "cooperation",
  capability: "capability",
  workAbility: "work_ability",
  knowHow: "know_how",
  motivation: "motivation",
  leadership: "leadership",
  culture: "culture",
  cultureDirection: "culture_direction",
  cultureAutonomy: "culture_autonomy",
  economyCustomers: "economy_customers",
} as const);

export type DefaultCategoryName = (typeof CATEGORY)[keyof typeof CATEGORY];

/** The areas of the Company Fitness Index, in chart order. */
export const FITNESS_AREAS = [CATEGORY.efficiency, CATEGORY.capability, CATEGORY.leadership] as const;

/** The seven axes of the input map, in chart order. */
export const INPUT_MAP_AXES = [
  CATEGORY.organization,
  CATEGORY.processes,
  CATEGORY.cooperation,
  CATEGORY.motivation,
  CATEGORY.knowHow,
  CATEGORY.workAbility,
  CATEGORY.leadership,
] as const;

export const DEFAULT_CATEGORY_TREE: CategoryTree = Object.freeze([
  {
    name: CATEGORY.efficiency,
    subcategories: [
      { name: CATEGORY.organization },
      { name: CATEGORY.processes },
      { name: CATEGORY.cooperation },
    ],
  },
  {
    name: CATEGORY.capability,
    subcategories: [
      { name: CATEGORY.workAbility },
      { name: CATEGORY.knowHow },
      { name: CATEGORY.motivation },
    ],
  },
  { name: CATEGORY.leadership, subcategories: [] },
  {
    name: CATEGORY.culture,
    // The wide bounds are made for the productive share d·a; direction and autonomy are plain
    // 0..100 scores, so they keep the default bounds.
    subcategories: [{ name: CATEGORY.cultureDirection }, { name: CATEGORY.cultureAutonomy }],
    bounds: WIDE_BOUNDS,
  },
  { name: CATEGORY.economyCustomers, subcategories: [], bounds: WIDE_BOUNDS, managementOnly: true },
]);
