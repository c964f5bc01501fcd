import { AppError } from "@kunto/core";
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
      if (this.waiting.length >= this.maxQueue) throw new AppError("too_many_requests");
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

export const hashPassword = (password: string) => hashLimiter.run(() => hash(password, OPTIONS));

/** A hash of a random password, verified against when the user does not exist (same time). */
let dummyHash: Promise<string> | null = null;
const getDummyHash = () => {
  dummyHash ??= hash(`dummy-${Math.random()}`, OPTIONS);
  return dummyHash;
};

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  const target = passwordHash ?? (await getDummyHash());
  const ok = await hashLimiter.run(() => verify(target, password).catch(() => false));
  return ok && passwordHash !== null;
}
