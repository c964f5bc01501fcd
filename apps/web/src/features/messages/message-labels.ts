import type { MessageCategory } from "@kunto/core";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { ERROR_MESSAGES } from "../../lib/api-error";

export const CATEGORY_LABELS: Record<MessageCategory, MessageDescriptor> = {
  release_notes: msg`Release notes`,
  news: msg`News`,
};

export const CATEGORY_COLORS: Record<MessageCategory, string> = { release_notes: "blue", news: "teal" };

/** Document 3 §8: what a failed message-center call shows when its answer carries no error key. */
export const MESSAGE_ERRORS = {
  loading: ERROR_MESSAGES.error_loading_messages,
  saving: ERROR_MESSAGES["message_center.errors.error_saving"],
  deleting: ERROR_MESSAGES.error_deleting_message,
};
