// Types of scripts/server-flags.mjs for the TypeScript tests.
export const SERVER_NODE_FLAGS: string[];
export const EMBEDDED_NODE_FLAGS: string[];
export function serverNodeFlags(env: Record<string, string | undefined>): string[];
export const EMBEDDED_GLIBC_TUNABLES: string;
export const SERVER_GLIBC_TUNABLES: string;
export function serverEnvAdditions(env: Record<string, string | undefined>): Record<string, string>;
