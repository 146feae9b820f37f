/** A multipart/form-data body with one file, for app.inject. */
import crypto from "node:crypto";

export function multipartFile(
  field: string,
  filename: string,
  content: Buffer | string,
  contentType = "application/octet-stream",
) {
  const boundary = `----test${crypto.randomBytes(8).toString("hex")}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, Buffer.isBuffer(content) ? content : Buffer.from(content, "utf8"), tail]),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}
