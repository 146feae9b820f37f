// Types of scripts/built-server.mjs for the TypeScript tests that start the built shop.
import type { ChildProcess, StdioOptions } from "node:child_process";

export const LAUNCHER: string;
export const SERVER_BUNDLE: string;
export function rssMb(pid: number): number;
export function isBuilt(): boolean;
export function demoShopEnv(dataDir: string, admin: { email: string; password: string }): Record<string, string>;
export function waitHealthy(base: string, child: ChildProcess, timeoutMs?: number): Promise<void>;
export interface BuiltServer {
  base: string;
  port: number;
  child: ChildProcess;
  exited: Promise<number | null>;
  stop(): Promise<{ code: number | null; killed: boolean }>;
}
export function startBuiltServer(options?: {
  env?: Record<string, string | undefined>;
  inheritEnv?: boolean;
  stdio?: StdioOptions;
  timeoutMs?: number;
  graceMs?: number;
  nodeFlags?: string[];
  onSpawn?: (child: ChildProcess) => void;
}): Promise<BuiltServer>;
