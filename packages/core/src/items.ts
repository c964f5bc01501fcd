/** Item types (document 3 §3: the only one is testityyppi). Add a type here and nowhere else. */
export const ITEM_TYPES = ["testityyppi"] as const;
export type ItemType = (typeof ITEM_TYPES)[number];
export const ITEM_NAME_MAX = 200;
