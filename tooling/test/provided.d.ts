import "vitest";

declare module "vitest" {
  export interface ProvidedContext {
    ownerUrl: string;
    appUrl: string;
    /**
     * Set by the walk through two nodes (tooling/two-nodes/walk-setup.ts): the load balancer's
     * address, which `startServer` then answers with instead of an in-process server.
     */
    balancer?: string;
  }
}
