// oidc-provider's own in-memory storage, which it uses (with a warning) when no adapter is given.
declare module "oidc-provider/lib/adapters/memory_adapter.js" {
  import type { AdapterFactory } from "oidc-provider";
  export function createMemoryAdapter(clockTolerance?: number): AdapterFactory;
}
