import { describe, expect, it } from "vitest";
import { z } from "zod";
import { fieldErrors } from "@core/validation/field-errors";

describe("fieldErrors: one message per field", () => {
  it("keeps the first message per field", () => {
    expect(
      fieldErrors([
        { path: ["name"], message: "catalogAdmin.nameRequired" },
        { path: ["name"], message: "other" },
        { path: ["price"], message: "catalogAdmin.pricePositive" },
      ]),
    ).toEqual({ name: "catalogAdmin.nameRequired", price: "catalogAdmin.pricePositive" });
  });

  it("names nested fields by their path, a list by its own name, and a pathless issue _form", () => {
    const schema = z
      .object({ address: z.object({ city: z.string().min(1, "city") }), sizes: z.array(z.string().min(1, "size")) })
      .refine(() => false, "whole");
    const parsed = schema.safeParse({ address: { city: "" }, sizes: ["M", ""] });
    expect(parsed.success).toBe(false);
    expect(fieldErrors(parsed.error!)).toEqual({ "address.city": "city", sizes: "size", _form: "whole" });
    expect(fieldErrors([{ path: [], message: "whole" }])).toEqual({ _form: "whole" });
  });
});
