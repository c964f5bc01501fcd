import type { NotificationType } from "@kunto/core";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";

/** What each notification says and offers in the reader's language (document 2 §3, §2). */
export const NOTIFICATION_TEXTS: Record<
  NotificationType,
  { title: MessageDescriptor; text: MessageDescriptor; action: MessageDescriptor }
> = {
  SURVEY_OVER_X_MONTHS: {
    title: msg`Time for a new survey`,
    text: msg`No survey has started in the last six months. A new survey shows how things have changed.`,
    action: msg`Create a survey`,
  },
  DUNS_NUMBER_MISSING: {
    title: msg`D-U-N-S number missing`,
    text: msg`Add the organisation's D-U-N-S number so its financial statements can be fetched.`,
    action: msg`Add the D-U-N-S number`,
  },
  TENANT_ADDRESS_MISSING: {
    title: msg`Address missing`,
    text: msg`Add the organisation's street address, postal code and city.`,
    action: msg`Add the address`,
  },
  NOTICE_EMAIL_SUBSCRIPTIONS: {
    title: msg`Choose your e-mail notifications`,
    text: msg`Choose whether you want an e-mail when a survey ends or tasks are left undone.`,
    action: msg`Choose e-mail notifications`,
  },
};

export const NOTIFICATION_ALERT_COLORS = {
  success: "green",
  warning: "orange",
  error: "red",
  info: "blue",
} as const;
