// Types of bench/lib.mjs for the TypeScript benchmarks.
import type { ChildProcess } from 'node:child_process';

export const root: string;
export const PG_ADMIN_URL: string;
export function opt(name: string, dflt: string | number): string;
export function sleep(ms: number): Promise<void>;
export interface BenchServer {
  child: ChildProcess;
  base: string;
}
export function startServer(
  name: string,
  env: Record<string, string>,
  opts?: { cpuProfDir?: string; port?: number },
): Promise<BenchServer>;
export function stopServer(server: BenchServer): Promise<void>;
export function cookieOf(res: Response): string;
export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}
export interface LoadOptions {
  connections: number;
  duration: number;
  headers?: Record<string, string>;
  method?: string;
  setupRequest?: (req: Record<string, unknown>) => Record<string, unknown>;
}
export function load(url: string, opts: LoadOptions): Promise<LoadResult>;
export function pgReachable(): boolean;
export function psql(sql: string): Buffer;
export function pgDatabaseUrl(name: string): string;
export interface RouteSummary extends LoadResult {
  ratio: number;
  ratios?: number[];
}
export function interleaved(
  reference: { name: string; url: string; headers?: Record<string, string> },
  routes: Record<string, Omit<LoadOptions, 'connections' | 'duration'> & { url: string }>,
  opts: { connections: number; duration: number; rounds: number },
): Promise<Record<string, RouteSummary>>;
