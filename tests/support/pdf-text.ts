/** A PDF's text as the API tests and the browser journeys read it; no database imports, so journeys can use it. */
import { execFileSync } from "node:child_process";

/** The PDF's text (pdftotext, Debian's poppler-utils), without the direction marks pdftotext adds around runs. */
export const pdfText = (pdf: Buffer) =>
  execFileSync("pdftotext", ["-enc", "UTF-8", "-", "-"], { input: pdf })
    .toString("utf8")
    .replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, "");
