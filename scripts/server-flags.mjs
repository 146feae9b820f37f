/**
 * Node's flags for the built server, shared by `npm start` and `npm run bench` so the figures are
 * the server as it runs. Left to itself V8 let the heap grow past 250 MB under a burst of pages
 * although about 100 MB stay live, so the old generation is capped at 192 MB and the young one at
 * 2 × 8 MB (measured: 23 MB less, no fewer pages a second). This keeps the server inside DESIGN.md
 * §9's 300 MB; pages render a few at a time (server/http/render-gate.ts), which bounds what is live.
 */
export const SERVER_NODE_FLAGS = ["--enable-source-maps", "--max-old-space-size=192", "--max-semi-space-size=8"];
