import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  appDirectory: "app",
  buildDirectory: "build",
  future: {
    // Loaders and actions get the request as it came, and read the page's address from their
    // `url` argument: React Router no longer builds two new Requests per loader (decision 399).
    v8_passThroughRequests: true,
  },
} satisfies Config;
