import { ensureAppRole } from "@kunto/db";
import type { TestProject } from "vitest/node";
import { keepFailingExitCode } from "../test/global-setup";
import { startTwoNodes } from "./cluster";

import "../test/provided.d.ts";

/**
 * The authorization walk through two nodes (issue 24): two server processes behind HAProxy on one
 * PostgreSQL, and the walk's HTTP calls go to the balancer, which alternates them between the
 * nodes. The nodes share the harness's fixed SECRETS_KEY (TEST_CONFIG), so rows the walk seals
 * read the same on either node.
 */
export default async function setup(project: TestProject) {
  keepFailingExitCode();
  const cluster = await startTwoNodes({
    lbPort: 3420,
    nodePorts: [3421, 3422],
    entry: "main",
    skipBuild: process.env.TWO_NODES_SKIP_BUILD === "1",
    secretsKey: Buffer.alloc(32, 7).toString("base64"),
  });
  project.provide("ownerUrl", cluster.ownerUrl);
  project.provide("appUrl", await ensureAppRole(cluster.ownerUrl));
  project.provide("balancer", cluster.base);
  return async () => {
    const served = await cluster.served();
    console.log(`the walk's requests through the balancer, by node: ${JSON.stringify(served)}`);
    await cluster.stop();
    // Both nodes answered a share of the walk (HAProxy alternates them): not one node behind a proxy.
    // vitest only logs an error thrown here and exits 0, so the run's exit code says it.
    if (Object.values(served).filter((n) => n > 100).length !== 2) {
      console.error(`the walk did not pass through both nodes: ${JSON.stringify(served)}`);
      process.exitCode = 1;
    }
  };
}
