/** Document 2 §3 Notification types, §9 (the dashboard shows at most 3). */
export const NOTIFICATION_TYPES = [
  "SURVEY_OVER_X_MONTHS",
  "DUNS_NUMBER_MISSING",
  "TENANT_ADDRESS_MISSING",
  "NOTICE_EMAIL_SUBSCRIPTIONS",
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** The X of SURVEY_OVER_X_MONTHS (docs/decisions.md "Notifications"): half a year. */
export const SURVEY_REMINDER_MONTHS = 6;

export const DASHBOARD_NOTIFICATIONS = 3;

export type NotificationColor = "success" | "warning" | "error" | "info";

/**
 * Colour and English texts of each type (§3 color, titleText, contentText). The web client shows
 * its own translation of the type; these texts are for API integrators.
 */
export const NOTIFICATION_DETAILS: Record<
  NotificationType,
  { color: NotificationColor; titleText: string; contentText: string }
> = {
  SURVEY_OVER_X_MONTHS: {
    color: "warning",
    titleText: "Time for a new survey",
    contentText: `No survey has started in the last ${SURVEY_REMINDER_MONTHS} months. A new survey shows how things have changed.`,
  },
  DUNS_NUMBER_MISSING: {
    color: "info",
    titleText: "D-U-N-S number missing",
    contentText: "Add the organisation's D-U-N-S number so its financial statements can be fetched.",
  },
  TENANT_ADDRESS_MISSING: {
    color: "warning",
    titleText: "Address missing",
    contentText: "Add the organisation's street address, postal code and city in the settings.",
  },
  NOTICE_EMAIL_SUBSCRIPTIONS: {
    color: "info",
    titleText: "Choose your e-mail notifications",
    contentText: "Choose whether you want an e-mail when a survey ends or tasks are left undone.",
  },
};
