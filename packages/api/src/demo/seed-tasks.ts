import { createHash, randomBytes } from "node:crypto";
import { schema, type Tx } from "@kunto/db";
import { DEMO_TENANT } from "@kunto/db/seed";
import { and, asc, eq, inArray, isNull } from "drizzle-orm";

/**
 * The demo organisation's improvement work (issue 9), so a newcomer sees a board with columns,
 * assignees, done tasks, staff votes and "closing the loop": the tasks were made from the findings
 * of the personnel survey half a year ago, and the latest personnel survey shows whether their
 * categories moved. They are the organisation's own tasks (no suggestion behind them), so every
 * suggestion stays open for the visitor to try.
 */
interface DemoTask {
  name: string;
  description: string;
  category: string;
  swotType: "weakness" | "opportunity";
  priority: "HIGH" | "MEDIUM" | "LOW";
  assignee: string | null;
  done: boolean;
  votes: number;
}

const DEMO_TASKS: DemoTask[] = [
  {
    name: "Agree on a weekly 15-minute team check-in",
    description: "Each team meets on Monday morning: what is planned, what is blocked, who needs help.",
    category: "cooperation",
    swotType: "weakness",
    priority: "HIGH",
    assignee: "anna.virtanen@aurora.example",
    done: false,
    votes: 5,
  },
  {
    name: "Write down the order-to-delivery process and who owns each step",
    description: "One page per step, kept where everyone finds it; reviewed with the shift leads.",
    category: "processes",
    swotType: "weakness",
    priority: "MEDIUM",
    assignee: "mikko.korhonen@aurora.example",
    done: true,
    votes: 3,
  },
  {
    name: "Hold a career conversation with every team member each quarter",
    description: "Goals, training wishes and next steps, written down and followed up.",
    category: "motivation",
    swotType: "opportunity",
    priority: "HIGH",
    assignee: "kadri.tamm@aurora.example",
    done: false,
    votes: 4,
  },
  {
    name: "Share the month's results and priorities in an all-hands meeting",
    description: "Thirty minutes on the first Tuesday of the month, with time for questions.",
    category: "leadership",
    swotType: "opportunity",
    priority: "MEDIUM",
    assignee: "anna.virtanen@aurora.example",
    done: true,
    votes: 2,
  },
  {
    name: "Invite the night shift to the day shift's training sessions",
    description: "Record the sessions and plan one repeat a month at the start of the night shift.",
    category: "know_how",
    swotType: "weakness",
    priority: "LOW",
    assignee: null,
    done: false,
    votes: 1,
  },
  {
    name: "Review workstation ergonomics in production",
    description: "An occupational health walk-through of every line, and a budget for the fixes.",
    category: "work_ability",
    swotType: "opportunity",
    priority: "MEDIUM",
    assignee: "olga.ivanova@aurora.example",
    done: false,
    votes: 0,
  },
];

const DAY_MS = 24 * 60 * 60 * 1000;

export async function seedDemoTasks(tx: Tx): Promise<number> {
  const [tenant] = await tx
    .select({ id: schema.tenants.id })
    .from(schema.tenants)
    .where(
      and(
        eq(schema.tenants.name, DEMO_TENANT.name),
        eq(schema.tenants.isDemo, true),
        isNull(schema.tenants.sandboxId),
      ),
    );
  if (!tenant) return 0;
  const [existing] = await tx
    .select({ id: schema.tasks.id })
    .from(schema.tasks)
    .where(eq(schema.tasks.tenantId, tenant.id))
    .limit(1);
  if (existing) return 0;
  // The findings came from the first personnel survey; the next one measures the change.
  const [source] = await tx
    .select({ id: schema.surveys.id, endsAt: schema.surveys.endsAt })
    .from(schema.surveys)
    .where(and(eq(schema.surveys.tenantId, tenant.id), eq(schema.surveys.type, "PERSONNEL")))
    .orderBy(asc(schema.surveys.startsAt))
    .limit(1);
  if (!source) return 0;
  const categories = await tx
    .select({ id: schema.categories.id, engineName: schema.categories.engineName })
    .from(schema.categories)
    .where(
      inArray(
        schema.categories.engineName,
        DEMO_TASKS.map((t) => t.category),
      ),
    );
  const categoryId = new Map(categories.map((c) => [c.engineName, c.id]));
  const people = await tx
    .select({ id: schema.users.id, email: schema.users.email })
    .from(schema.users)
    .where(isNull(schema.users.sandboxId));
  const userId = new Map(people.map((p) => [p.email, p.id]));
  const dueDate = new Date(source.endsAt.getTime() + 60 * DAY_MS).toISOString().slice(0, 10);
  let created = 0;
  for (const def of DEMO_TASKS) {
    const [task] = await tx
      .insert(schema.tasks)
      .values({
        tenantId: tenant.id,
        type: "report",
        name: def.name,
        description: def.description,
        priority: def.priority,
        categoryId: categoryId.get(def.category) ?? null,
        swotType: def.swotType,
        sourceSurveyId: source.id,
        assigneeUserId: def.assignee ? (userId.get(def.assignee) ?? null) : null,
        createdByUserId: userId.get("anna.virtanen@aurora.example") ?? null,
        dueDate,
        year: Number(dueDate.slice(0, 4)),
        status: def.done ? "DONE" : null,
        voteCount: def.votes,
      })
      .returning({ id: schema.tasks.id });
    if (!task) continue;
    created++;
    if (def.votes > 0)
      await tx.insert(schema.taskVotes).values(
        Array.from({ length: def.votes }, () => ({
          tenantId: tenant.id,
          taskId: task.id,
          // As the voting page stores a vote: only the hash of a random browser token.
          sessionHash: createHash("sha256").update(randomBytes(24)).digest("hex"),
        })),
      );
  }
  return created;
}
