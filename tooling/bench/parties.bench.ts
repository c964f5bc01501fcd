// Parties and persons at volume (issue 22), on loopback against the real server (embedded
// PostgreSQL in a temporary folder): one organisation with 100,000 parties and 100,000 persons;
// p50 / p95 of sequential calls after a warm-up for the lists' pages: the first page, a deep page,
// a type filter and a search (GET /api/tenant/party/paged, POST /api/tenant/person/paged).
// Target: p95 < 50 ms for each.
import { startServer } from "./server";
import { percentile, signInDemo } from "./support";

const port = 3294;
const base = `http://127.0.0.1:${port}`;
const runs = Number(process.env.BENCH_RUNS ?? 200);
const volume = Number(process.env.BENCH_PARTIES ?? 100_000);

async function measure(label: string, call: () => Promise<Response>) {
  const times: number[] = [];
  let total = 0;
  for (let i = 0; i < runs + 20; i++) {
    const start = performance.now();
    const response = await call();
    const body = (await response.json()) as { totalElements: number };
    if (!response.ok) throw new Error(`${label}: ${response.status}`);
    if (i >= 20) times.push(performance.now() - start);
    total = body.totalElements;
  }
  const p95 = percentile(times, 95);
  console.log(
    `${label.padEnd(58)} ${String(total).padStart(7)} rows   p50 ${percentile(times, 50).toFixed(1)} ms   p95 ${p95.toFixed(1)} ms${p95 < 50 ? "" : "   (over the 50 ms target)"}`,
  );
}

async function main() {
  const server = await startServer(port, { DEMO_SANDBOX_LIMIT: "1000" });
  try {
    const { cookie, tenantId } = await signInDemo(base);
    const headers = { cookie, "x-tenant-id": tenantId };
    const writeHeaders = {
      ...headers,
      "content-type": "application/json",
      origin: `http://localhost:${port}`,
    };
    const seeded = await fetch(`${base}/__bench/parties`, {
      method: "POST",
      headers: writeHeaders,
      body: JSON.stringify({ parties: volume, persons: volume }),
    });
    if (!seeded.ok) throw new Error(`bench parties: ${seeded.status} ${await seeded.text()}`);
    console.log(`${volume} parties and ${volume} persons in one organisation, ${runs} sequential calls each`);
    const party = (query: string) => () => fetch(`${base}/api/tenant/party/paged${query}`, { headers });
    await measure("GET /tenant/party/paged (first page of 50)", party(""));
    await measure("GET /tenant/party/paged?pageNo=1000", party("?pageNo=1000"));
    await measure("GET /tenant/party/paged?types=supplier,employer", party("?types=supplier,employer"));
    await measure("GET /tenant/party/paged?search=0012345", party("?search=0012345"));
    await measure("GET /tenant/party/paged?search=bench a1", party("?search=bench%20a1"));
    const person = (query: string, body: unknown) => () =>
      fetch(`${base}/api/tenant/person/paged${query}`, {
        method: "POST",
        headers: writeHeaders,
        body: JSON.stringify(body),
      });
    await measure("POST /tenant/person/paged (first page of 50)", person("", {}));
    await measure("POST /tenant/person/paged?pageNo=1000", person("?pageNo=1000", {}));
    await measure("POST /tenant/person/paged {search: person4242}", person("", { search: "person4242" }));
    await measure("POST /tenant/person/paged {search: last}", person("", { search: "last" }));
  } finally {
    await server.stop();
  }
}

await main();
