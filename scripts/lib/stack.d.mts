import type { ChildProcess } from 'node:child_process';

export interface Server {
  child: ChildProcess;
  url: string;
}
interface StartOptions {
  port?: number;
  env?: Record<string, string>;
  logFile?: string;
  inherit?: boolean;
  timeoutMs?: number;
}
export declare const rootDir: string;
export declare const cmsDir: string;
export declare const webDir: string;
export declare function freePort(): Promise<number>;
export declare function throwAwaySecrets(): Record<'APP_KEYS' | 'API_TOKEN_SALT' | 'ADMIN_JWT_SECRET' | 'TRANSFER_TOKEN_SALT' | 'JWT_SECRET' | 'ENCRYPTION_KEY' | 'SITE_WEBHOOK_SECRET' | 'PREVIEW_SECRET', string>;
export declare function waitForHttp(
  url: string,
  options?: { timeoutMs?: number; child?: ChildProcess; name?: string },
): Promise<void>;
export declare function stop(child: ChildProcess | undefined, options?: { timeoutMs?: number }): Promise<void>;
/** Where the test suites' CMSes keep the demo's pictures between seeds. */
export declare const SEED_CACHE_DIR: string;
export declare function startCms(options?: StartOptions & { seedCache?: boolean }): Promise<Server>;
export declare function startWeb(options?: StartOptions & { cmsUrl?: string }): Promise<Server>;
export declare function startServer(options: {
  name: string;
  label: string;
  args: string[];
  cwd: string;
  env: Record<string, string>;
  healthPath: string;
  port: number;
  logFile?: string;
  inherit?: boolean;
  timeoutMs?: number;
}): Promise<Server>;
export interface Supervisor {
  start(): Promise<Server>;
  stop(): Promise<void>;
}
export declare function supervise(options: {
  name: string;
  start: () => Promise<Server>;
  log?: (line: string) => void;
  minUptimeMs?: number;
  maxDelayMs?: number;
}): Supervisor;
export declare function readEnvFile(file: string): Record<string, string>;

export declare function within(ms: number, check: () => boolean | Promise<boolean>): Promise<number | null>;

/**
 * Waits until the CMS's fill has put every locale in `locales` in place (as many published
 * projects as the source, nothing left in its queue, twice in a row); the milliseconds it took.
 */
export declare function waitForFill(cmsUrl: string, options: { secret: string; locales?: string[]; timeoutMs?: number }): Promise<number>;
