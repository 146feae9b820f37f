// Types of scripts/free-port.mjs for the TypeScript tests.
export function freePort(): Promise<number>;
