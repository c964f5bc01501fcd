import { z } from "zod";

/** The message center (document 3 §3, §5, §9): platform-wide messages written by platform admins. */
export const MESSAGE_CATEGORIES = ["release_notes", "news"] as const;
export type MessageCategory = (typeof MESSAGE_CATEGORIES)[number];
export const MESSAGE_TITLE_MAX = 200;
export const MESSAGE_AUTHOR_MAX = 200;
export const MESSAGE_BODY_MAX = 20_000;
/** The admin table shows this many characters of a message, then an ellipsis (document 3 §9). */
export const MESSAGE_PREVIEW_LENGTH = 100;

const required = (max: number) => z.string().trim().min(1, "required").max(max, "too_long");

/** Category, author, title and message are all required (document 3 §5); new: release notes, unpublished, not sticky. */
export const ZMessageInput = z.strictObject({
  category: z.enum(MESSAGE_CATEGORIES).default("release_notes"),
  author: required(MESSAGE_AUTHOR_MAX),
  title: required(MESSAGE_TITLE_MAX),
  message: required(MESSAGE_BODY_MAX).meta({ description: "Markdown; raw HTML is not rendered." }),
  published: z.boolean().default(false),
  sticky: z.boolean().default(false),
});
export type TMessageInput = z.input<typeof ZMessageInput>;
