/** One fuzz case on the wire (node:http, so any method, header or broken URL goes out as written). */
import http from "node:http";
import { toJson } from "./json.mjs";

// A connection per request: one request's broken framing (a refused header, a body the server
// stopped reading) cannot then spill into the next request's reply, so every reply is its own.
const agent = new http.Agent({ keepAlive: false, maxSockets: 16 });

function multipartBody(m) {
  const chunks = [];
  const b = m.boundary;
  for (const [name, value] of m.fields) {
    chunks.push(
      Buffer.from(`--${b}\r\ncontent-disposition: form-data; name="${name.replace(/["\r\n]/g, "_")}"\r\n\r\n`),
      Buffer.from(String(value), "utf8"),
      Buffer.from("\r\n"),
    );
  }
  for (const f of m.files) {
    const filename = f.filename.replace(/["\r\n]/g, "_");
    chunks.push(
      Buffer.from(
        `--${b}\r\ncontent-disposition: form-data; name="${f.field}"; filename="${filename}"\r\n${f.type ? `content-type: ${f.type}\r\n` : ""}\r\n`,
        "utf8",
      ),
      typeof f.content === "string" ? Buffer.from(f.content, "latin1") : Buffer.from(f.content),
      Buffer.from("\r\n"),
    );
  }
  chunks.push(Buffer.from(`--${b}--\r\n`));
  return Buffer.concat(chunks);
}

/** The bytes and content type a case sends. */
export function encodeBody(c) {
  if (!c.body) return { bytes: null, contentType: null };
  if (c.body.type === "multipart")
    return { bytes: multipartBody(c.body), contentType: `multipart/form-data; boundary=${c.body.boundary}` };
  if (c.body.type === "raw") return { bytes: Buffer.from(c.body.text, "utf8"), contentType: c.contentType || null };
  return { bytes: Buffer.from(toJson(c.body.value), "utf8"), contentType: c.contentType || null };
}

/**
 * Sends a case; resolves { status, contentType, body, timedOut, error }. `token` is the identity's
 * session (null for a guest). Never follows redirects.
 */
export function send(base, c, token, timeoutMs) {
  const url = new URL(base);
  const { bytes, contentType } = encodeBody(c);
  const headers = { host: url.host, connection: "close" };
  if (contentType) headers["content-type"] = contentType;
  if (bytes) headers["content-length"] = String(bytes.length);
  const h = c.headers ?? {};
  const cookies = [];
  if (h.cookieLang !== undefined) cookies.push(`lang=${h.cookieLang}`);
  if (token) cookies.push(`access_token=${token}`);
  else if (h.bearer !== undefined) headers.authorization = `Bearer ${h.bearer}`;
  if (cookies.length) headers.cookie = cookies.join("; ");
  if (h.forwardedFor) headers["x-forwarded-for"] = h.forwardedFor;
  if (h.acceptLanguage) headers["accept-language"] = h.acceptLanguage;
  // The single-fetch loader URLs answer only a fetch from the app's own scripts.
  if (c.kind === "page data") headers.accept = "*/*";

  return new Promise((resolve) => {
    let settled = false;
    const done = (r) => {
      if (settled) return;
      settled = true;
      resolve(r);
    };
    let req;
    try {
      req = http.request({
        hostname: url.hostname,
        port: url.port,
        path: c.path,
        method: c.method,
        headers,
        agent,
        insecureHTTPParser: false,
      });
    } catch (err) {
      // node:http refused to send it (a character no HTTP request may carry): not the server's fault.
      return done({ status: -1, contentType: "", body: "", timedOut: false, error: err.code ?? err.message });
    }
    req.setTimeout(timeoutMs, () => {
      done({ status: 0, contentType: "", body: "", timedOut: true, error: "timeout" });
      req.destroy();
    });
    req.on("response", (res) => {
      const parts = [];
      let size = 0;
      res.on("data", (d) => {
        size += d.length;
        if (size <= 4 * 1024 * 1024) parts.push(d);
      });
      res.on("end", () =>
        done({
          status: res.statusCode ?? 0,
          contentType: String(res.headers["content-type"] ?? ""),
          location: res.headers.location,
          body: Buffer.concat(parts).toString("utf8"),
          timedOut: false,
        }),
      );
      res.on("error", (err) =>
        done({
          status: res.statusCode ?? 0,
          contentType: String(res.headers["content-type"] ?? ""),
          body: Buffer.concat(parts).toString("utf8"),
          timedOut: false,
          error: err.code,
        }),
      );
    });
    req.on("error", (err) =>
      done({ status: 0, contentType: "", body: "", timedOut: false, error: err.code ?? err.message }),
    );
    if (bytes) req.end(bytes);
    else req.end();
  });
}

export const closeAgent = () => agent.destroy();

/** The fuzzer's own calls (sign-in, sign-up, lists), JSON in and out, on a connection of their own. */
export function call(base, method, path, { body, token, timeoutMs = 30_000 } = {}) {
  const url = new URL(base);
  const bytes = body === undefined ? null : Buffer.from(JSON.stringify(body));
  const headers = { host: url.host, connection: "close" };
  if (bytes) Object.assign(headers, { "content-type": "application/json", "content-length": String(bytes.length) });
  if (token) headers.authorization = `Bearer ${token}`;
  return new Promise((resolve, reject) => {
    const req = http.request({ hostname: url.hostname, port: url.port, path, method, headers, agent });
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`${method} ${path}: no reply in ${timeoutMs} ms`)));
    req.on("error", reject);
    req.on("response", (res) => {
      const parts = [];
      res.on("data", (d) => parts.push(d));
      res.on("end", () => {
        const text = Buffer.concat(parts).toString("utf8");
        let json = {};
        try {
          json = JSON.parse(text);
        } catch {
          // a page or an empty reply: the status is what counts
        }
        resolve({ status: res.statusCode ?? 0, body: json });
      });
    });
    req.end(bytes ?? undefined);
  });
}
