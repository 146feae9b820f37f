import { describe, expect, it } from "vitest";
import { toastTime } from "../../app/components/ui/toast-time";
import { dictionaries } from "../../core/i18n";

describe("toast times (decision 002: Latin digits)", () => {
  it("writes the Arabic toast's time in Latin digits", () => {
    const at = new Date(2026, 10, 23, 10, 30);
    expect(toastTime("ar", at)).toContain("10:30");
    expect(toastTime("ar", at)).not.toMatch(/[\u0660-\u0669]/);
    expect(toastTime("en", at)).toBe("10:30");
  });
});

describe("one spelling of 'color'", () => {
  it("says 'color' as the spec's messages do ('Please select size and color'), never 'colour'", () => {
    const british = Object.entries(dictionaries.en)
      .filter(([, v]) => /colour/i.test(v))
      .map(([k]) => k);
    expect(british).toEqual([]);
  });
});
