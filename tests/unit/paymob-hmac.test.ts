/**
 * The card provider's callback signature (docs/decisions/117) against the provider's own documented
 * example: the sample transaction-processed callback concatenates to the documented string.
 */
import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { signedText, transactionHmac, verifyTransactionHmac } from "../../server/modules/payments/paymob-hmac";

/** The fields of the provider's sample callback (developers.paymob.com, "HMAC Transaction Callback"). */
const sample = {
  id: 192036465,
  pending: false,
  amount_cents: 100000,
  success: true,
  is_auth: false,
  is_capture: false,
  is_standalone_payment: true,
  is_voided: false,
  is_refunded: false,
  is_3d_secure: true,
  integration_id: 4097558,
  has_parent_transaction: false,
  error_occured: false,
  owner: 302852,
  currency: "EGP",
  created_at: "2024-06-13T11:33:44.592345",
  order: { id: 217503754, merchant_order_id: "not signed" },
  source_data: { pan: "2346", type: "card", sub_type: "MasterCard" },
  data: { message: "Approved" },
};

describe("the provider's callback signature", () => {
  it("concatenates the signed fields as the provider's documentation shows", () => {
    expect(signedText(sample)).toBe(
      "1000002024-06-13T11:33:44.592345EGPfalsefalse1920364654097558truefalsefalsefalsetruefalse217503754302852false2346MasterCardcardtrue",
    );
  });

  it("is HMAC-SHA512 of that string in lowercase hex, and only the signed fields count", () => {
    const expected = crypto.createHmac("sha512", "secret").update(signedText(sample)).digest("hex");
    expect(transactionHmac(sample, "secret")).toBe(expected);
    expect(verifyTransactionHmac(sample, expected, "secret")).toBe(true);
    expect(
      verifyTransactionHmac({ ...sample, order: { id: 217503754, merchant_order_id: "changed" } }, expected, "secret"),
    ).toBe(true);
    expect(verifyTransactionHmac({ ...sample, amount_cents: 100001 }, expected, "secret")).toBe(false);
    expect(verifyTransactionHmac(sample, expected, "other")).toBe(false);
    expect(verifyTransactionHmac(sample, expected.toUpperCase(), "secret")).toBe(true);
    const flipped = (expected[0] === "0" ? "1" : "0") + expected.slice(1);
    expect(verifyTransactionHmac(sample, flipped, "secret")).toBe(false);
    expect(verifyTransactionHmac(sample, expected.slice(0, 127), "secret")).toBe(false);
    expect(verifyTransactionHmac(sample, `${expected}00`, "secret")).toBe(false);
    expect(verifyTransactionHmac(sample, undefined, "secret")).toBe(false);
  });
});
