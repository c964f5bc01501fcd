/**
 * The seeded demo account whose credentials the sign-in page's demo link uses (document 1 §2;
 * the server's DEMO_PASSWORD defaults to the same value).
 */
export const DEMO_CREDENTIALS = { username: "demo@kunto.local", password: "Kunto-demo-2026-aurora" } as const;
