/** UI and business constants shared by client and server (document 1 §9). */
export const SEARCH_DEBOUNCE_MS = 450;
export const SEARCH_MAX_WAIT_MS = 5000;
export const ADMIN_PAGE_SIZES = [50, 100, 500] as const;
export const APP_USER_PAGE_SIZES = [100, 200, 500] as const;
export const DUNS_LENGTH = 9;
export const POSITIVE_NUMBER_MAX_DIGITS = 9;
/** Added to phone numbers entered without one (document 1 §9). */
export const DEFAULT_CALLING_CODE = "358";
export const EMAIL_SUBSCRIPTION_TYPES = ["survey_end", "undone_tasks"] as const;
export type EmailSubscriptionType = (typeof EMAIL_SUBSCRIPTION_TYPES)[number];
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
export const IMAGE_TYPES = ["image/png", "image/jpeg", "image/webp"] as const;
/** An organisation's brand colour (the TOTAL plan's branded dashboard): `#rrggbb`. */
export const BRAND_COLOR_PATTERN = /^#[0-9a-f]{6}$/i;

/** How long a toast (snackbar) stays (document 2 §9, document 3): 2 s. */
export const TOAST_MS = 2000;
