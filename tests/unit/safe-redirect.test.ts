/** Issue 11 item 5: only same-origin paths survive a redirect driven by the address bar. */
import { describe, expect, it } from "vitest";
import { safeRedirect } from "../../app/lib/safe-redirect";
import { loader as authLoader } from "../../app/routes/auth";

describe("safeRedirect", () => {
  it("refuses every way out of the shop and falls back", () => {
    const attacks = [
      "//evil.example",
      "/\\evil.example",
      "/%09/evil.example",
      "/\t/evil.example",
      "/\n/evil.example",
      "/%5Cevil.example",
      "/%5cevil.example",
      "/%2F/evil.example",
      "%2F%2Fevil.example",
      "https:evil.example",
      "https://evil.example/",
      "javascript:alert(1)",
      "JaVaScRiPt:alert(1)",
      "/%0d%0aSet-Cookie:x=1",
      " /account",
      "\\\\evil.example",
      "evil.example",
      `/${"a".repeat(3000)}`,
      "",
      null,
      undefined,
    ];
    for (const target of attacks) expect(safeRedirect(target), JSON.stringify(target)).toBe("/");
    expect(safeRedirect("//evil.example", "/account")).toBe("/account");
  });

  it("keeps the shop's own paths with their queries and fragments", () => {
    for (const target of [
      "/",
      "/checkout",
      "/product/5f0c?size=M&color=red",
      "/shop?price=100-200#list",
      "/orders?on=AZ-1001",
      "/%D9%81%D8%B3%D8%AA%D8%A7%D9%86",
    ]) {
      expect(safeRedirect(target)).toBe(target);
    }
  });
});

describe("the sign-in page's redirect for someone already signed in", () => {
  const run = (query: string) => {
    try {
      authLoader({ url: new URL(`http://shop.test/auth${query}`), context: { user: { id: "u1" } } } as never);
    } catch (res) {
      return (res as Response).headers.get("location");
    }
    return null;
  };

  it("goes to a path of the shop", () => {
    expect(run("?redirect=%2Fcheckout%3Fstep%3D2")).toBe("/checkout?step=2");
  });

  it("never leaves the shop: /%09/evil.example (browsers drop the tab) goes to the account", () => {
    expect(run("?redirect=/%09/evil.example")).toBe("/account");
    expect(run("?redirect=/%5Cevil.example")).toBe("/account");
    expect(run("?redirect=%2F%2Fevil.example")).toBe("/account");
  });
});
