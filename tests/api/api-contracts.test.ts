/**
 * Issue 13: one typed contract per operation. The OpenAPI document carries each contract's reply
 * schema, the reference page renders it without any outside script, and a reply that breaks its
 * contract fails loudly in tests instead of reaching the browser with the wrong shape.
 */
import Fastify from "fastify";
import { validatorCompiler } from "fastify-type-provider-zod";
import { z } from "zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defineOperation, mountOperation } from "../../server/http/operation";
import { replySerializer } from "../../server/http/reply-serializer";
import { createTestApp, type TestApp } from "../support/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("the OpenAPI document", () => {
  it("describes an operation's reply with its contract's schema", async () => {
    const doc = (await t.app.inject({ method: "GET", url: "/api/openapi.json" })).json();
    const addToCart = doc.paths["/api/cart"].post;
    expect(addToCart.operationId).toBe("cart.addToCart");
    const reply = addToCart.responses["200"].content["application/json"].schema;
    expect(Object.keys(reply.properties)).toEqual(expect.arrayContaining(["cart", "cartTotal", "message"]));
    expect(reply.properties.cart.items.properties.productId.properties.totalPrice.type).toBe("number");
  });
});

describe("the contact, media, promotions and content modules", () => {
  // Every route these modules serve, by its module: each is a contract operation (issue 13).
  const routes: Record<string, string[]> = {
    messages: ["POST /sendmessage", "POST /uploads/contact", "GET /messages/{id}/attachments/{n}"],
    media: ["POST /uploads"],
    promotions: [
      "POST /discounts",
      "GET /alldiscounts",
      "GET /discounts/{kind}/{value}",
      "DELETE /discounts/{kind}/{value}",
      "GET /promocodes",
      "GET /promocodes/{code}",
      "POST /promocodes",
      "DELETE /promocodes/{id}",
    ],
    content: [
      "POST /getpromos",
      "POST /promos",
      "POST /promos/active/{id}",
      "DELETE /promos/active/{id}",
      "POST /promos/restore/{id}",
      "DELETE /promos/{id}",
      "GET /headlines/active",
      "POST /getheadlines",
      "POST /headlines",
      "POST /headlines/active/{id}",
      "DELETE /headlines/active/{id}",
      "POST /headlines/restore/{id}",
      "DELETE /headlines/{id}",
      "GET /posts",
      "POST /posts",
      "DELETE /posts/{id}",
    ],
  };

  it("serve every route from their contracts, each with a reply schema", async () => {
    const doc = (await t.app.inject({ method: "GET", url: "/api/openapi.json" })).json();
    for (const [module, keys] of Object.entries(routes)) {
      for (const key of keys) {
        const [method, path] = key.split(" ") as [string, string];
        const op = doc.paths[`/api${path}`]?.[method.toLowerCase()];
        expect(op?.operationId, key).toMatch(new RegExp(`^${module}\\.`));
        const [status, reply] = Object.entries(op.responses)[0] as [string, { content: Record<string, unknown> }];
        expect(["200", "201"], key).toContain(status);
        expect(Object.keys(reply.content).length, key).toBe(1);
      }
      const served = Object.values(doc.paths).flatMap((p) =>
        Object.values(p as Record<string, { tags?: string[] }>).filter((op) => op.tags?.[0] === module),
      );
      expect(served.length, module).toBe(keys.length);
    }
  });
});

describe("an upload in the OpenAPI document", () => {
  it("is described as a form with its one file field, and its reply by the contract", async () => {
    const doc = (await t.app.inject({ method: "GET", url: "/api/openapi.json" })).json();
    for (const [path, id] of [
      ["/api/uploads", "media.uploadImage"],
      ["/api/uploads/contact", "messages.uploadContactFile"],
      ["/api/admin/import/products", "back-office.importProducts"],
    ]) {
      const op = doc.paths[path].post;
      expect(op.operationId).toBe(id);
      const form = op.requestBody.content["multipart/form-data"].schema;
      expect(form.required).toEqual(["file"]);
      expect(form.properties.file).toMatchObject({ type: "string", format: "binary" });
    }
    const image = doc.paths["/api/uploads"].post.responses["201"].content["application/json"].schema;
    expect(Object.keys(image.properties.urls.properties)).toEqual(["400", "800", "1600"]);
  });
});

describe("the API reference page", () => {
  it("renders at /api/docs from this server's own script and document, under a strict CSP", async () => {
    const page = await t.app.inject({ method: "GET", url: "/api/docs" });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toContain("text/html");
    expect(page.body).toContain('data-url="/api/openapi.json"');
    const sources = [...page.body.matchAll(/src="([^"]+)"/g)].map((m) => m[1]);
    expect(sources).toEqual(["/api/docs/scalar.js"]);
    expect(page.headers["content-security-policy"]).toContain("script-src 'self'");

    const script = await t.app.inject({ method: "GET", url: "/api/docs/scalar.js" });
    expect(script.statusCode).toBe(200);
    expect(script.headers["content-type"]).toContain("javascript");
    expect(script.rawPayload.length).toBeGreaterThan(100_000);
  });
});

describe("a reply checked against its contract", () => {
  const op = defineOperation({
    method: "GET",
    path: "/probe",
    access: "public",
    summary: "probe",
    query: z.object({ shape: z.enum(["right", "wrong"]) }),
    reply: z.object({ total: z.number(), at: z.string() }),
  });

  async function probeApp(check: boolean) {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(replySerializer(check));
    mountOperation(app, "probe.get", op, async (req) =>
      // A Date leaves as its ISO string, which is what the contract's string describes.
      req.query.shape === "right" ? { total: 3, at: new Date(0) } : ({ total: "3", at: new Date(0) } as never),
    );
    await app.ready();
    return app;
  }

  it("passes a reply of the contract's shape, dates included", async () => {
    const app = await probeApp(true);
    const res = await app.inject({ method: "GET", url: "/probe?shape=right" });
    expect(res.json()).toEqual({ total: 3, at: "1970-01-01T00:00:00.000Z" });
    await app.close();
  });

  it("fails a reply that breaks the contract when checking is on (tests)", async () => {
    const app = await probeApp(true);
    const res = await app.inject({ method: "GET", url: "/probe?shape=wrong" });
    expect(res.statusCode).toBe(500);
    await app.close();
  });

  it("sends the reply untouched when checking is off (production): nothing stripped, nothing re-parsed", async () => {
    const app = await probeApp(false);
    const res = await app.inject({ method: "GET", url: "/probe?shape=wrong" });
    expect(res.json()).toEqual({ total: "3", at: "1970-01-01T00:00:00.000Z" });
    await app.close();
  });
});
