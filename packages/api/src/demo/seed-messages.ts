import { schema, type Tx } from "@kunto/db";

/**
 * The message center's first messages (issue 22): platform-wide, so seeded once for every user
 * rather than per demo organisation. Added while the message center is empty; a platform whose
 * admins write their own messages never gets these.
 */
const DAY = 24 * 60 * 60 * 1000;
const DEMO_MESSAGES = [
  {
    category: "release_notes" as const,
    title: "Message center and unread count",
    author: "Kunto team",
    sticky: true,
    daysAgo: 3,
    message: [
      "Product news now reaches you inside Kunto.",
      "",
      "- **Messages** in the menu lists release notes and news, pinned ones first.",
      "- The number beside it counts what was published since you last looked.",
    ].join("\n"),
  },
  {
    category: "news" as const,
    title: "Plan your autumn personnel survey",
    author: "Kunto team",
    sticky: false,
    daysAgo: 10,
    message: [
      "Many teams measure twice a year. A survey in late autumn shows how the changes made since",
      "spring have landed, while there is still time to plan next year's work.",
      "",
      "1. Copy last spring's survey.",
      "2. Send the link to the same teams.",
      "3. Compare the results on the report page.",
    ].join("\n"),
  },
  {
    category: "release_notes" as const,
    title: "Tasks follow your findings",
    author: "Kunto team",
    sticky: false,
    daysAgo: 30,
    message:
      "A report's weaknesses and opportunities now suggest tasks. Add them to the task board, assign them and follow how the next survey moves their categories.",
  },
];

export async function seedDemoMessages(tx: Tx): Promise<number> {
  const [existing] = await tx.select({ id: schema.messages.id }).from(schema.messages).limit(1);
  if (existing) return 0;
  const now = Date.now();
  const rows = DEMO_MESSAGES.map(({ daysAgo, ...message }) => {
    const at = new Date(now - daysAgo * DAY);
    return { ...message, published: true, publishedAt: at, createdAt: at };
  });
  const inserted = await tx.insert(schema.messages).values(rows).returning({ id: schema.messages.id });
  return inserted.length;
}
