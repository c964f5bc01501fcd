import { type SystemDb, withSystem } from "@kunto/db";
import { type SeedOptions, type SeedResult, seedPlatform } from "@kunto/db/seed";
import { seedFinancials } from "./seed-financials";
import { seedDemoItems } from "./seed-items";
import { seedDemoMessages } from "./seed-messages";
import { seedDemoParties } from "./seed-parties";
import { seedDemoSurveys } from "./seed-surveys";
import { seedDemoTasks } from "./seed-tasks";
import { seedDemoWorkTasks } from "./seed-worktasks";

/**
 * What `npm start` seeds, in one system-role transaction on the owner connection: the default
 * content, the platform admin and demo accounts (`seedPlatform`), then the demo organisation's
 * surveys with answers stored through the respondent page's code and the tasks made from their
 * findings. Each part runs once: the demo data is added to a demo organisation that has no survey
 * (or task) yet, so a database seeded before them gets them at its next start.
 */
export async function seed(options: SeedOptions & { system: SystemDb }): Promise<SeedResult> {
  return withSystem(options.system, async (tx) => {
    const result = await seedPlatform(tx, options);
    await seedDemoSurveys(tx);
    await seedDemoTasks(tx);
    await seedFinancials(tx);
    await seedDemoParties(tx);
    await seedDemoWorkTasks(tx);
    await seedDemoItems(tx);
    await seedDemoMessages(tx);
    return result;
  });
}
