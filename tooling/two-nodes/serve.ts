// Starts the two-node cluster (cluster.ts) and keeps it up until SIGTERM or SIGINT: the
// web server of e2e/playwright.two-nodes.config.ts. TWO_NODES_PORTS: the balancer's port, then each
// node's (default 3400,3403,3404); every other variable of this process reaches both nodes.
import { startTwoNodes } from "./cluster";

const [lbPort = 3400, first = 3403, second = 3404] = (process.env.TWO_NODES_PORTS ?? "")
  .split(",")
  .filter(Boolean)
  .map(Number);

const cluster = await startTwoNodes({
  lbPort,
  nodePorts: [first, second],
  skipBuild: process.env.TWO_NODES_SKIP_BUILD === "1",
});
console.log(`Two nodes at ${cluster.base} (${cluster.nodes.map((n) => `${n.name}: ${n.base}`).join(", ")})`);
let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  console.error(`Requests served through the balancer, by node: ${JSON.stringify(await cluster.served())}`);
  await cluster.stop();
  process.exit(0);
};
process.on("SIGTERM", () => void stop());
process.on("SIGINT", () => void stop());
