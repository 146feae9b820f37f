/** Code 128 set B as ISO/IEC 15417 writes it: the symbols, the checksum, the bars. */
import { describe, expect, it } from "vitest";
import { code128Modules, code128Values, START_B, STOP } from "../../server/modules/documents/code128";

describe("Code 128 set B", () => {
  it("encodes each character as its ASCII code minus 32, between Start B and the checksum and Stop", () => {
    const values = code128Values("ORD-1");
    expect(values[0]).toBe(START_B);
    expect(values.slice(1, 6)).toEqual([47, 50, 36, 13, 17]);
    expect(values.at(-1)).toBe(STOP);
    // (104 + 47·1 + 50·2 + 36·3 + 13·4 + 17·5) mod 103 = 496 mod 103 = 84
    expect(values.at(-2)).toBe(84);
  });

  it("draws Start B, the symbols of 11 modules and the Stop of 13 with its final bar", () => {
    const modules = code128Modules("ORD-1234567890123");
    // Start + 17 characters + checksum = 19 symbols of 11 modules, then Stop's 13.
    expect(modules).toHaveLength(19 * 11 + 13);
    expect(modules.startsWith("11010010000")).toBe(true); // Start B
    expect(modules.endsWith("1100011101011")).toBe(true); // Stop
    // Every symbol starts with a bar and ends with a space.
    for (let i = 0; i < 19; i++) {
      const symbol = modules.slice(i * 11, i * 11 + 11);
      expect(symbol[0], `symbol ${i}`).toBe("1");
      expect(symbol[10], `symbol ${i}`).toBe("0");
    }
  });

  it("writes the table's patterns: space is 11011001100, 'A' is 10100011000", () => {
    const symbolOf = (ch: string) => code128Modules(ch).slice(11, 22);
    expect(symbolOf(" ")).toBe("11011001100");
    expect(symbolOf("A")).toBe("10100011000");
    expect(symbolOf("0")).toBe("10011101100");
  });

  it("refuses characters outside printable ASCII", () => {
    expect(() => code128Values("طلب")).toThrow(/cannot encode/);
  });
});
