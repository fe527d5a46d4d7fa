// Values the global setup hands to every API test file (vitest provide/inject).
declare module 'vitest' {
  export interface ProvidedContext {
    emulatorPort: number;
    pgliteTemplate: string;
    /** A PostgreSQL URL with CREATEDB rights, or null when no server is reachable. */
    postgresUrl: string | null;
    postgresTemplate: string | null;
    /** A Redis URL, or null when no server is reachable. */
    redisUrl: string | null;
  }
}
export {};
