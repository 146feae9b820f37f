import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";
import { fileURLToPath } from "node:url";
import { reactRouterServerMemos } from "./scripts/react-router-server-memos";

const alias = {
  "~": fileURLToPath(new URL("./app", import.meta.url)),
  "@core": fileURLToPath(new URL("./core", import.meta.url)),
  "@server": fileURLToPath(new URL("./server", import.meta.url)),
};

/**
 * Every lucide icon is made by app/lib/lucide-icon.ts instead of lucide-react's own factory: one
 * element per icon instead of three components and an element per path, the same HTML.
 */
function lucideIconsAsOneElement(): Plugin {
  const factory = fileURLToPath(new URL("./app/lib/lucide-icon.ts", import.meta.url));
  const icons = /lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/;
  return {
    name: "lucide-icons-as-one-element",
    enforce: "pre",
    resolveId(source, importer) {
      if (source === "../createLucideIcon.mjs" && importer && icons.test(importer)) return factory;
    },
  };
}

const SERVER_ENTRY = "./server/app-entry.ts";

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [lucideIconsAsOneElement(), reactRouterServerMemos(), tailwindcss(), reactRouter()],
  resolve: { alias },
  // Server modules (drizzle, pg, sharp, argon2...) stay external to the SSR bundle: Node loads them.
  // The UI libraries are bundled instead, so the server holds only the parts the pages use: loaded
  // whole, lucide-react (every icon) cost the server 45 MB of memory and Radix 19 MB.
  // React Router is bundled too, so the server's build can keep two pieces of its per-render work
  // (scripts/react-router-server-memos.ts, decision 388).
  ssr: {
    noExternal: ["lucide-react", "radix-ui", /^@radix-ui\//, "sonner", /^embla-carousel/, "recharts", "react-router"],
  },
  build: {
    target: "es2022",
    // The server keeps its source maps (stack traces name server/*.ts lines); the browser on request.
    sourcemap: isSsrBuild || process.env.CLIENT_SOURCEMAP === "1",
    // The SSR build bundles the whole server, not only React Router's build: its input is
    // server/app-entry.ts, which imports the server build, so build/server/index.js is the one
    // server bundle. React Router's plugin reads `rollupOptions.input`; Rolldown reads its own key.
    ...(isSsrBuild ? { rollupOptions: { input: SERVER_ENTRY } } : {}),
    rolldownOptions: {
      ...(isSsrBuild ? { input: SERVER_ENTRY } : {}),
      output: {
        // The server's bundle in ASCII, without its doc comments (the source maps keep them): V8
        // keeps every module's source, and one Arabic letter or dash makes it keep the whole file
        // at two bytes a character, in the main thread and each render thread alike (decision 406).
        // The browser's files stay UTF-8 (fewer bytes).
        ...(isSsrBuild ? { charset: "ascii" as const, comments: { jsdoc: false } } : {}),
        // Each icon would otherwise be a chunk of its own (a product page linked a dozen, each
        // smaller than its HTTP headers): one chunk holds the icons that three or more pages use.
        // The others go with the pages that use them, so a page no longer loads every icon of the
        // back office (docs/decisions/350: 1.6-2.2 kB gzipped less on the home, shop and product pages).
        codeSplitting: {
          groups: [
            { name: "icons", test: /node_modules[\\/]lucide-react/, priority: 2, minShareCount: 3 },
            { name: "shell", test: /app[\\/](root|entry\.client)\.tsx$/, priority: 1 },
          ],
        },
      },
    },
  },
}));
