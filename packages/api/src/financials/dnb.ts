import {
  type ErrorKey,
  FINANCIAL_CURRENCIES,
  type FinancialCurrency,
  KPI_KEYS,
  type KpiKey,
} from "@kunto/core";
import {
  type FinancialsProvider,
  type IdentityMatch,
  type IdentityQuery,
  ProviderError,
  type StatementRecord,
} from "./provider";

/** DNB_CLIENT_ID, DNB_CLIENT_SECRET, DNB_BASE_URL (default the production Direct+). */
export interface DnbConfig {
  clientId: string;
  clientSecret: string;
  baseUrl?: string;
  /** Tests: the clock and the wait (to see back-off without waiting). */
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

export const DNB_DEFAULT_BASE_URL = "https://plus.dnb.com";
/** The data block the statements are read from (one mapping function, `toRecord`). */
export const DNB_FINANCIALS_BLOCK = "companyfinancials_L2_v1";
/** A token is renewed this long before it expires, so a call never leaves with a dying one. */
export const DNB_TOKEN_MARGIN_MS = 60_000;
/** 429 and 503: at most this many retries, each waiting Retry-After (else 1 s, 2 s, 4 s …). */
export const DNB_MAX_RETRIES = 3;
/** The longest wait honoured from Retry-After; a longer one fails the call. */
export const DNB_MAX_RETRY_AFTER_MS = 30_000;
const TIMEOUT_MS = 30_000;

interface Token {
  value: string;
  expiresAt: number;
}

type Call = "search" | "statements";
const FAILURE_KEY: Record<Call, ErrorKey> = {
  search: "tenants.duns_search_error",
  statements: "financial_fetch_failed",
};

/**
 * Dun & Bradstreet Direct+ (docs/decisions.md "Financials"): OAuth client credentials
 * (`POST /v3/token` with Basic auth), the token cached until shortly before it expires and renewed
 * once on a 401; identity resolution through cleanseMatch; statements from the data block.
 */
export class DnbClient implements FinancialsProvider {
  private token: Token | null = null;
  private pending: Promise<Token> | null = null;
  private readonly base: string;
  private readonly now: () => number;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(private readonly config: DnbConfig) {
    this.base = (config.baseUrl ?? DNB_DEFAULT_BASE_URL).replace(/\/$/, "");
    this.now = config.now ?? Date.now;
    this.sleep = config.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
  }

  async resolveIdentity(query: IdentityQuery): Promise<IdentityMatch[]> {
    const params = new URLSearchParams({
      countryISOAlpha2Code: query.countryISOAlpha2Code,
      name: query.name,
    });
    if (query.registrationNumber) params.set("registrationNumber", query.registrationNumber);
    const answer = await this.get("search", `/v1/match/cleanseMatch?${params}`);
    // Direct+ answers "no match" as 404 with its error body: no matches, not a failure.
    if (answer === null) return [];
    const candidates = (answer as { matchCandidates?: unknown[] }).matchCandidates ?? [];
    return candidates.map(toMatch).filter((m): m is IdentityMatch => m !== null);
  }

  async fetchStatements(duns: string, onProgress?: (percent: number) => Promise<void> | void) {
    await onProgress?.(30);
    const answer = await this.get("statements", `/v1/data/duns/${duns}?blockIDs=${DNB_FINANCIALS_BLOCK}`);
    await onProgress?.(70);
    if (answer === null) return [];
    const list = (answer as { organization?: { financials?: unknown[] } }).organization?.financials ?? [];
    return list.map(toRecord).filter((r): r is StatementRecord => r !== null);
  }

  /** The cached token, or a new one (one request at a time, shared by concurrent callers). */
  private async accessToken(): Promise<string> {
    if (this.token && this.now() < this.token.expiresAt - DNB_TOKEN_MARGIN_MS) return this.token.value;
    this.pending ??= this.requestToken().finally(() => {
      this.pending = null;
    });
    this.token = await this.pending;
    return this.token.value;
  }

  private async requestToken(): Promise<Token> {
    const basic = Buffer.from(`${this.config.clientId}:${this.config.clientSecret}`).toString("base64");
    const response = await this.send(`${this.base}/v3/token`, {
      method: "POST",
      headers: { authorization: `Basic ${basic}`, "content-type": "application/json" },
      body: JSON.stringify({ grant_type: "client_credentials" }),
    }).catch((error: unknown) => {
      throw new ProviderError("financial_fetch_failed", 0, `D&B unreachable: ${String(error)}`);
    });
    if (!response.ok)
      throw new ProviderError(
        "financials_not_configured",
        response.status,
        `D&B token refused: ${response.status}`,
      );
    const body = (await response.json()) as { access_token?: string; expiresIn?: number };
    if (!body.access_token)
      throw new ProviderError("financials_not_configured", response.status, "D&B token missing");
    return { value: body.access_token, expiresAt: this.now() + (body.expiresIn ?? 3600) * 1000 };
  }

  /** A GET with the token: 401 renews the token once; 429 / 503 wait and retry; 404 answers null. */
  private async get(call: Call, path: string): Promise<unknown> {
    let renewed = false;
    for (let attempt = 0; ; attempt++) {
      const token = await this.accessToken().catch((error: unknown) => {
        throw error instanceof ProviderError
          ? new ProviderError(FAILURE_KEY[call], error.status, error.message)
          : error;
      });
      const response = await this.send(`${this.base}${path}`, {
        headers: { authorization: `Bearer ${token}`, accept: "application/json" },
      }).catch((error: unknown) => {
        throw new ProviderError(FAILURE_KEY[call], 0, `D&B unreachable: ${String(error)}`);
      });
      if (response.ok) return response.json();
      await response.body?.cancel();
      if (response.status === 401 && !renewed) {
        renewed = true;
        this.token = null;
        continue;
      }
      if (response.status === 404) return null;
      if ((response.status === 429 || response.status === 503) && attempt < DNB_MAX_RETRIES) {
        const wait = retryAfterMs(response.headers.get("retry-after"), attempt, this.now());
        if (wait <= DNB_MAX_RETRY_AFTER_MS) {
          await this.sleep(wait);
          continue;
        }
      }
      throw new ProviderError(
        FAILURE_KEY[call],
        response.status,
        `D&B answered ${response.status} to ${path}`,
      );
    }
  }

  private send(url: string, init: RequestInit) {
    return fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  }
}

/** Retry-After in seconds or as an HTTP date; without it 1 s, 2 s, 4 s by attempt. */
export function retryAfterMs(header: string | null, attempt: number, now: number): number {
  if (header !== null && header.trim() !== "") {
    const seconds = Number(header);
    if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
    const at = Date.parse(header);
    if (Number.isFinite(at)) return Math.max(0, at - now);
  }
  return 1000 * 2 ** attempt;
}

const str = (v: unknown): string | null => (typeof v === "string" && v !== "" ? v : null);
const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);

function toMatch(candidate: unknown, index: number): IdentityMatch | null {
  const c = candidate as { displaySequence?: unknown; organization?: Record<string, unknown> };
  const org = c.organization;
  const duns = str(org?.duns);
  if (!org || !duns || !/^\d{9}$/.test(duns)) return null;
  const a = (org.primaryAddress ?? {}) as Record<string, Record<string, unknown> | undefined>;
  return {
    duns,
    primaryName: str(org.primaryName) ?? "",
    primaryAddress: {
      streetAddress: { line1: str(a.streetAddress?.line1), line2: str(a.streetAddress?.line2) },
      addressRegion: a.addressRegion
        ? { name: str(a.addressRegion.name), abbreviatedName: str(a.addressRegion.abbreviatedName) }
        : null,
      postalCode: str(a.postalCode as unknown),
      addressLocality: { name: str(a.addressLocality?.name) },
      addressCountry: { name: str(a.addressCountry?.name) },
    },
    registrationNumbers: (Array.isArray(org.registrationNumbers) ? org.registrationNumbers : [])
      .map((r) => str((r as { registrationNumber?: unknown }).registrationNumber))
      .filter((r): r is string => r !== null)
      .map((registrationNumber) => ({ registrationNumber })),
    displaySequence: num(c.displaySequence) ?? index + 1,
  };
}

/** One statement of the data block → a financial record; one without a date or currency is skipped. */
function toRecord(statement: unknown): StatementRecord | null {
  const s = statement as {
    financialStatementToDate?: unknown;
    currency?: unknown;
    overview?: Record<string, unknown>;
  };
  const date = str(s.financialStatementToDate);
  const currency = str(s.currency);
  if (!date || !/^\d{4}-\d{2}-\d{2}$/.test(date)) return null;
  if (!currency || !FINANCIAL_CURRENCIES.includes(currency as FinancialCurrency)) return null;
  const values = Object.fromEntries(KPI_KEYS.map((k) => [k, num(s.overview?.[k])])) as Record<
    KpiKey,
    number | null
  >;
  return { financialStatementToDate: date, currency: currency as FinancialCurrency, ...values };
}

const clients = new WeakMap<DnbConfig, DnbClient>();

/** One client (and so one token cache) per configuration object in this process. */
export function dnbProvider(config: DnbConfig): DnbClient {
  let client = clients.get(config);
  if (!client) {
    client = new DnbClient(config);
    clients.set(config, client);
  }
  return client;
}
