/** nginx in front of the shop processes, as docs/deploy.md sets it up: run here on a free port. */
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "../../scripts/free-port.mjs";

export interface Nginx {
  base: string;
  stop(): Promise<void>;
}

/** The proxy part of docs/deploy.md's server block; the tests add only the paths of a temporary prefix. */
export function nginxConfig(prefix: string, port: number, upstreams: number[]): string {
  return `worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 512; }
http {
  access_log off;
  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  client_max_body_size 12m;
  upstream shop {
${upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=10s;`).join("\n")}
    keepalive 16;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://shop;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      # A POST is never sent twice (nginx's default): an order either reached one process or none.
      proxy_next_upstream error timeout;
    }
  }
}
`;
}

export async function startNginx(upstreams: number[]): Promise<Nginx> {
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), "shop-nginx-"));
  const port = await freePort();
  fs.writeFileSync(path.join(prefix, "nginx.conf"), nginxConfig(prefix, port, upstreams));
  const child: ChildProcess = spawn(
    "nginx",
    ["-p", prefix, "-c", path.join(prefix, "nginx.conf"), "-g", "daemon off;"],
    {
      stdio: ["ignore", "inherit", "inherit"],
    },
  );
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`nginx exited: ${fs.readFileSync(path.join(prefix, "error.log"), "utf8")}`);
    try {
      await fetch(`${base}/healthz`);
      break;
    } catch {
      if (Date.now() > deadline) throw new Error("nginx did not start");
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    base,
    async stop() {
      child.kill("SIGTERM");
      await exited;
      fs.rmSync(prefix, { recursive: true, force: true });
    },
  };
}
