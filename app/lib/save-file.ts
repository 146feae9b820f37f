/**
 * Downloads a file that a link cannot fetch (a POST: a guest's invoice needs the order's phone, which
 * must not sit in a URL) and hands it to the browser's "save" as a link would. A refusal throws
 * ApiError with the server's message, as `api()` does.
 */
import { ApiError } from "./api";

export async function postAndSave(path: string, body: unknown, fallbackName: string): Promise<void> {
  let res: Response;
  try {
    res = await fetch(path, {
      method: "POST",
      credentials: "same-origin",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  } catch {
    throw new ApiError("", 0, {});
  }
  if (!res.ok) {
    const data = (await res.json().catch(() => ({}))) as Record<string, unknown>;
    throw new ApiError(typeof data.message === "string" ? data.message : "", res.status, data);
  }
  const blob = await res.blob();
  const name = /filename="([^"]+)"/.exec(res.headers.get("content-disposition") ?? "")?.[1] ?? fallbackName;
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the object URL by now; free it once the click is handled.
  queueMicrotask(() => URL.revokeObjectURL(url));
}
