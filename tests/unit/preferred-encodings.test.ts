/** Which compression the server prefers when a browser accepts both (decision 377). */
import { describe, expect, it } from "vitest";
import { preferredEncodings } from "../../server/http/compression";

describe("preferredEncodings", () => {
  it("prefers brotli with glibc's own allocator settings", () => {
    expect(preferredEncodings({})).toEqual(["br", "gzip"]);
    expect(preferredEncodings({ GLIBC_TUNABLES: "glibc.malloc.arena_max=2" })).toEqual(["br", "gzip"]);
  });

  it("prefers gzip where every large block is mapped on its own (the embedded database's setting)", () => {
    expect(preferredEncodings({ GLIBC_TUNABLES: "glibc.malloc.mmap_threshold=131072" })).toEqual(["gzip", "br"]);
    expect(
      preferredEncodings({ GLIBC_TUNABLES: "glibc.malloc.arena_max=2:glibc.malloc.mmap_threshold=65536" }),
    ).toEqual(["gzip", "br"]);
  });
});
