import { describe, expect, it } from "vitest";
import { inPageLang, textLang } from "~/lib/text-lang";

describe("textLang", () => {
  it("marks Latin text on an Arabic page as English with dir=auto", () => {
    expect(textLang("Lovely dress, fits well", "ar")).toEqual({ lang: "en", dir: "auto" });
  });
  it("marks Arabic text on an English page as Arabic", () => {
    expect(textLang("فستان جميل جدا", "en")).toEqual({ lang: "ar", dir: "auto" });
  });
  it("leaves text in the page's language (or mixed, or digits only) unmarked", () => {
    expect(textLang("فستان جميل", "ar")).toEqual({ dir: "auto" });
    expect(textLang("Nice dress", "en")).toEqual({ dir: "auto" });
    expect(textLang("فستان Satin", "ar")).toEqual({ dir: "auto" });
    expect(textLang("12345", "ar")).toEqual({ dir: "auto" });
  });
});

describe("inPageLang", () => {
  it("gives the Arabic on an Arabic page when there is one, else the English", () => {
    expect(inPageLang("Cairo", "القاهرة", "ar")).toBe("القاهرة");
    expect(inPageLang("Cairo", "القاهرة", "en")).toBe("Cairo");
    expect(inPageLang("Cairo", null, "ar")).toBe("Cairo");
    expect(inPageLang("Cairo", "  ", "ar")).toBe("Cairo");
  });
});
