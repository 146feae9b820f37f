// Types of scripts/render-cpu.mjs for the TypeScript tests (the bench itself is plain JavaScript).
export function renderCpuSeriesIn(text: string, page: string, viewer: string): { sum: number; count: number };
export function signUpCustomer(base: string, dataDir: string): Promise<{ cookie: string; token: string }>;
