import { describe, expect, it } from "vitest";
import { pathOf, queryOf } from "../../app/lib/api-client";

describe("the typed API client's URLs", () => {
  it("fills path parameters, encoded", () => {
    expect(pathOf("/cart/:productId", { productId: "a b/c" })).toBe("/cart/a%20b%2Fc");
    expect(pathOf("/users/:id/role", { id: 7 })).toBe("/users/7/role");
  });

  it("leaves empty query values out and repeats array keys", () => {
    expect(queryOf({ q: "dress", page: 2, color: undefined, size: "", tags: ["a", "b"], none: null })).toBe(
      "?q=dress&page=2&tags=a&tags=b",
    );
    expect(queryOf({})).toBe("");
  });
});
