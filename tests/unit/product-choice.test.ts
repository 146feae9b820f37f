import { describe, expect, it } from "vitest";
import { choiceAvailable } from "@core/product-choice";

const product = { sizes: ["S", "M"], colors: ["#FFFFFF", "#000000"] };

describe("choiceAvailable", () => {
  it("accepts a size and colour of the product, colours in any case", () => {
    expect(choiceAvailable(product, "M", "#ffffff")).toBe(true);
    expect(choiceAvailable(product, "S", "#000000")).toBe(true);
  });

  it("refuses a size or a colour the product does not have", () => {
    expect(choiceAvailable(product, "XL", "#000000")).toBe(false);
    expect(choiceAvailable(product, "S", "#ff0000")).toBe(false);
  });

  it("takes any size or colour when the product lists none", () => {
    expect(choiceAvailable({ sizes: [], colors: [] }, "XXL", "#123456")).toBe(true);
    expect(choiceAvailable({ sizes: [], colors: ["#000000"] }, "XXL", "#fff")).toBe(false);
  });
});
