/**
 * Node's flags for the built server, shared by `npm start` and `npm run bench` so the figures are
 * the server as it runs. The old-generation cap keeps memory inside DESIGN.md §9's 300 MB: left to
 * itself V8 let the heap grow to 250 MB and more under a burst of pages although about 90 MB stay
 * live. Pages render a few at a time (server/http/render-gate.ts), which bounds what is live.
 */
export const SERVER_NODE_FLAGS = ["--enable-source-maps", "--max-old-space-size=192"];
