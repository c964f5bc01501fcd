import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { defaultCompanies, type FakeCompany } from "./data";

export interface FakeDnbOptions {
  clientId?: string;
  clientSecret?: string;
  /** Seconds a token lives (answered as `expiresIn`); default 86400 as Direct+. */
  tokenExpiresIn?: number;
  host?: string;
  port?: number;
  companies?: FakeCompany[];
}

/** A forced answer for the next API calls (never the token call). */
export interface ForcedFailure {
  status: number;
  /** How many calls in a row; default 1. */
  count?: number;
  /** Seconds, sent as Retry-After (429). */
  retryAfter?: number;
}

export interface FakeDnbCall {
  method: string;
  path: string;
  /** The answered status. */
  status: number;
}

export interface FakeDnb {
  url: string;
  clientId: string;
  clientSecret: string;
  companies: Map<string, FakeCompany>;
  /** Every call, token calls included, in order. */
  calls: FakeDnbCall[];
  /** Token calls answered with a token. */
  tokensIssued(): number;
  /** Every token issued so far is refused from now on (401), as an expired one. */
  expireTokens(): void;
  /** The next API calls answer this status (429 with Retry-After, 500, 401...). */
  failNext(failure: ForcedFailure): void;
  /** Holds the statements call until `release()` (a fetch that takes minutes, made to wait). */
  holdStatements(): { release: () => void };
  close(): Promise<void>;
}

const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(body));
};

/** Direct+ errors: `{error: {errorCode, errorMessage}}`. */
const dnbError = (code: string, message: string) => ({ error: { errorCode: code, errorMessage: message } });

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => resolve(body));
    req.on("error", reject);
  });
}

const norm = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();

/**
 * A local stand-in for Dun & Bradstreet Direct+ on loopback (README.md): `POST /v3/token` (Basic
 * client credentials), `GET /v1/match/cleanseMatch` and `GET /v1/data/duns/{duns}` with the
 * financial statements block, Bearer tokens, and switches for the failures a client must survive.
 */
export async function startFakeDnb(options: FakeDnbOptions = {}): Promise<FakeDnb> {
  const clientId = options.clientId ?? "fake-client";
  const clientSecret = options.clientSecret ?? "fake-secret";
  const companies = new Map((options.companies ?? defaultCompanies()).map((c) => [c.duns, c]));
  const valid = new Set<string>();
  const calls: FakeDnbCall[] = [];
  const forced: Required<ForcedFailure>[] = [];
  let issued = 0;
  let hold: Promise<void> | null = null;

  const answer = (
    req: IncomingMessage,
    path: string,
    res: ServerResponse,
    status: number,
    body: unknown,
    headers?: Record<string, string>,
  ) => {
    calls.push({ method: req.method ?? "GET", path, status });
    json(res, status, body, headers);
  };

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", "http://fake");
    const path = url.pathname;
    const body = await readBody(req);
    if (req.method === "GET" && path === "/_fake/health") return json(res, 200, { ok: true });
    if (req.method === "POST" && path === "/v3/token") {
      const header = req.headers.authorization ?? "";
      const [id, secret] = header.startsWith("Basic ")
        ? Buffer.from(header.slice(6), "base64").toString("utf8").split(":")
        : [];
      let grant: unknown = null;
      try {
        grant = (JSON.parse(body) as { grant_type?: unknown }).grant_type;
      } catch {
        // refused below
      }
      if (id !== clientId || secret !== clientSecret || grant !== "client_credentials")
        return answer(req, path, res, 401, dnbError("00040", "Invalid client credentials"));
      const token = randomBytes(24).toString("base64url");
      valid.add(token);
      issued++;
      return answer(req, path, res, 200, { access_token: token, expiresIn: options.tokenExpiresIn ?? 86400 });
    }
    const failure = forced[0];
    if (failure) {
      failure.count--;
      if (failure.count <= 0) forced.shift();
      const headers: Record<string, string> =
        failure.retryAfter >= 0 ? { "retry-after": String(failure.retryAfter) } : {};
      return answer(
        req,
        path,
        res,
        failure.status,
        dnbError(String(failure.status), "Forced failure"),
        headers,
      );
    }
    const bearer = req.headers.authorization?.startsWith("Bearer ") ? req.headers.authorization.slice(7) : "";
    if (!valid.has(bearer)) return answer(req, path, res, 401, dnbError("00041", "Token expired or invalid"));
    if (req.method === "GET" && path === "/v1/match/cleanseMatch") {
      const country = url.searchParams.get("countryISOAlpha2Code") ?? "";
      const name = norm(url.searchParams.get("name") ?? "");
      const registration = (url.searchParams.get("registrationNumber") ?? "").trim();
      if (!country) return answer(req, path, res, 400, dnbError("10001", "countryISOAlpha2Code required"));
      const found = [...companies.values()].filter(
        (c) =>
          c.primaryAddress.addressCountry.isoAlpha2Code === country &&
          ((registration && c.registrationNumbers.includes(registration)) ||
            (name && norm(c.primaryName).includes(name.split(" ")[0] ?? name))),
      );
      return answer(req, path, res, 200, {
        matchCandidatesCount: found.length,
        matchCandidates: found.map((c, i) => ({
          displaySequence: i + 1,
          organization: {
            duns: c.duns,
            primaryName: c.primaryName,
            primaryAddress: c.primaryAddress,
            registrationNumbers: c.registrationNumbers.map((registrationNumber) => ({ registrationNumber })),
          },
          matchQualityInformation: { confidenceCode: registration ? 10 : 8 },
        })),
      });
    }
    const data = /^\/v1\/data\/duns\/(\d{9})$/.exec(path);
    if (req.method === "GET" && data) {
      if (hold) await hold;
      const company = companies.get(data[1] ?? "");
      if (!company) return answer(req, path, res, 404, dnbError("20502", "D-U-N-S not found"));
      return answer(req, path, res, 200, {
        inquiryDetail: { duns: company.duns, blockIDs: url.searchParams.get("blockIDs")?.split(",") ?? [] },
        organization: {
          duns: company.duns,
          primaryName: company.primaryName,
          financials: company.statements,
        },
      });
    }
    return answer(req, path, res, 404, dnbError("00004", `No such path ${req.method} ${path}`));
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => json(res, 500, dnbError("99999", String(error))));
  });
  const host = options.host ?? "127.0.0.1";
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}`,
    clientId,
    clientSecret,
    companies,
    calls,
    tokensIssued: () => issued,
    expireTokens: () => valid.clear(),
    failNext: (failure) =>
      forced.push({
        status: failure.status,
        count: failure.count ?? 1,
        retryAfter: failure.retryAfter ?? -1,
      }),
    holdStatements: () => {
      let release = () => {};
      hold = new Promise<void>((resolve) => {
        release = () => {
          hold = null;
          resolve();
        };
      });
      return { release };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
