import { AppError, normalisePassword } from "@kunto/core";
import { hash, verify } from "@node-rs/argon2";

/** ASVS parameters for argon2id: 19 MiB, 2 iterations, 1 lane (~11 ms a hash here). */
const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1, algorithm: 2 } as const;

/**
 * At most `limit` hashes run at once and at most `maxQueue` wait; past that callers get
 * `too_many_requests` at once, so a burst of sign-ins cannot build an unbounded queue or starve
 * the process.
 */
export class HashLimiter {
  private running = 0;
  private readonly waiting: Array<() => void> = [];
  constructor(
    private readonly limit: number,
    private readonly maxQueue: number,
  ) {}

  async run<T>(fn: () => Promise<T>): Promise<T> {
    if (this.running >= this.limit) {
      // A hash takes milliseconds: a second later the queue has room again (Retry-After).
      if (this.waiting.length >= this.maxQueue) throw new AppError("too_many_requests", { retryAfter: 1 });
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running++;
    }
    try {
      return await fn();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}

export const hashLimiter = new HashLimiter(
  Number(process.env.HASH_CONCURRENCY ?? 2),
  Number(process.env.HASH_QUEUE ?? 16),
);

/**
 * How many argon2 computations this process has run. Tests read it to prove that a refused attempt
 * never reached the hash (issue 6.24 "before hashing").
 */
export const hashStats = { runs: 0 };
const counted = <T>(fn: () => Promise<T>) => {
  hashStats.runs++;
  return fn();
};

/** Hashes the NFKC form (issue 6.5). */
export const hashPassword = (password: string) =>
  hashLimiter.run(() => counted(() => hash(normalisePassword(password), OPTIONS)));

/** A hash of a random password, verified against when the user does not exist (same time). */
let dummyHash: Promise<string> | null = null;
const getDummyHash = () => {
  dummyHash ??= hash(`dummy-${Math.random()}`, OPTIONS);
  return dummyHash;
};

export interface Verification {
  ok: boolean;
  /**
   * The hash was made from the password as typed, before passwords were normalised: the caller
   * stores a new hash of the NFKC form (`hashPassword`), so the fallback runs once per such account.
   */
  rehash: boolean;
}

/**
 * Compares the NFKC form first; hashes made before normalisation (issue 6.5) were made of the raw
 * text, so when the raw text differs from its NFKC form and the first comparison failed, the raw
 * text is tried too. A password already in NFKC form (nearly all) costs one hash either way.
 */
export async function verifyPassword(passwordHash: string | null, password: string): Promise<Verification> {
  const target = passwordHash ?? (await getDummyHash());
  const check = (text: string) =>
    hashLimiter.run(() => counted(() => verify(target, text).catch(() => false)));
  const normalised = normalisePassword(password);
  if (await check(normalised)) return { ok: passwordHash !== null, rehash: false };
  if (normalised !== password && (await check(password))) return { ok: passwordHash !== null, rehash: true };
  return { ok: false, rehash: false };
}
