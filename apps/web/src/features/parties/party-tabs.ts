/** The party form's tabs (document 3 §2), in their own module: the routes' search check needs them without the form. */
export const PARTY_TABS = ["basic", "addresses", "persons"] as const;
export type PartyTab = (typeof PARTY_TABS)[number];
