import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { banners } from "../../../db/schema";
import { useTestDatabase } from "../../../tests/setup/database";

// env() reads the environment once: configure the key before anything asks for it.
const KEY = "contract-test-key-0123456789";
process.env.API_KEY = KEY;

const apiRoute = await import("~/routes/api");
const suggestionsRoute = await import("~/routes/resources/search-suggestions");
const { handleApiRequest } = await import("./handler.server");
const { isAuthorised } = await import("./api-key.server");
const { invalidate } = await import("~/lib/cache.server");
const { db } = await import("~/lib/db.server");
const { resetSearchIndex } = await import("~/features/marketplace/search/search-index.server");
const { clearAds, insertAds } = await import("../../../tests/setup/ad-fixtures");

useTestDatabase({ seed: true });

const base = "http://localhost/api.php";
const url = (query: Record<string, string>) => `${base}?${new URLSearchParams(query)}`;
const args = (request: Request) => ({ request, context: { requestId: "test", clientIp: "127.0.0.1" }, params: {} }) as never;

/** A keyed GET through the route's loader, as the server would run it. */
async function get(query: Record<string, string>, init: RequestInit = {}) {
  const response = await apiRoute.loader(args(new Request(url({ ...query, API_KEY: KEY }), init)));
  return { response, body: (await response.json()) as Record<string, unknown> };
}

describe("api.php endpoints: shapes and field names", () => {
  it("get_banners: a data object of the live banners by slot, with image size and alt text", async () => {
    const { response, body } = await get({ endpoint: "get_banners" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    const data = body.data as Record<string, unknown[]>;
    expect(Object.keys(data).sort()).toEqual(["article-inline", "home-top", "model-side", "used-search-results"]);
    expect(data["home-top"]?.[0]).toEqual({
      id: expect.any(Number),
      title: "New-car deals this month",
      image_path: "/banners/demo-home-promotions.svg",
      link_url: "/guide-auto/promos-du-moment",
      image_width: 1200,
      image_height: 300,
      alt_text: expect.stringMatching(/^Demo banner: /),
    });
  });

  it("get_banners: inactive and out-of-window banners are left out; none gives {}", async () => {
    await db().update(banners).set({ active: false }).where(eq(banners.slot, "model-side"));
    await db()
      .update(banners)
      .set({ endsAt: new Date("2000-01-01T00:00:00Z") })
      .where(eq(banners.slot, "article-inline"));
    await db()
      .update(banners)
      .set({ startsAt: new Date("2999-01-01T00:00:00Z") })
      .where(eq(banners.slot, "used-search-results"));
    invalidate();
    expect(Object.keys((await get({ endpoint: "get_banners" })).body.data as object)).toEqual(["home-top"]);
    await db().update(banners).set({ active: false });
    invalidate();
    expect((await get({ endpoint: "get_banners" })).body).toEqual({ data: {} });
    await db().update(banners).set({ active: true, startsAt: null, endsAt: null });
    invalidate();
  });

  it("search_suggestion: a data array of model items", async () => {
    const { response, body } = await get({ endpoint: "search_suggestion", search: "corola" });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, max-age=60");
    const data = body.data as Record<string, unknown>[];
    expect(data[0]).toEqual({
      type: "model",
      brand_name: "Toyota",
      model_id: expect.any(Number),
      model_name: "Corolla Cross",
      brand_slug: "toyota",
      model_slug: "corolla-cross",
    });
    expect((await get({ endpoint: "search_suggestion", search: "c" })).body).toEqual({ data: [] });
    expect((await get({ endpoint: "search_suggestion", search: "" })).body).toEqual({ data: [] });
  });

  it("search_suggestion: a typo in a hyphenated name still finds the model (SCOPIO-N → Scorpio-N)", async () => {
    const data = (await get({ endpoint: "search_suggestion", search: "SCOPIO-N" })).body.data as Record<string, unknown>[];
    expect(data[0]).toMatchObject({ type: "model", brand_name: "Mahindra", model_name: "Scorpio-N", brand_slug: "mahindra" });
  });

  it("search_suggestion: used-car searches come after the models, with their live ad count", async () => {
    await insertAds(db(), Array.from({ length: 3 }, () => ({ makeName: "Haval", modelName: "Jolion" })));
    resetSearchIndex();
    const data = (await get({ endpoint: "search_suggestion", search: "jolion" })).body.data as Record<string, unknown>[];
    expect(data[0]).toMatchObject({ type: "model", brand_name: "Haval", model_name: "Jolion" });
    expect(data).toContainEqual({ type: "used", label: "Haval Jolion", count: 3, url: "/marche-doccasion/rechercher?make1=haval&model1=jolion" });
    expect(data.findIndex((item) => item.type === "used")).toBeGreaterThan(data.findIndex((item) => item.type === "model"));
    await clearAds(db());
    resetSearchIndex();
  });

  it("search_suggestion: a missing or over-long search is a 400 with a JSON error", async () => {
    const missing = await get({ endpoint: "search_suggestion" });
    expect(missing.response.status).toBe(400);
    expect(missing.body).toEqual({ error: "The search parameter is required." });
    const long = await get({ endpoint: "search_suggestion", search: "a".repeat(101) });
    expect(long.response.status).toBe(400);
    expect(long.body).toEqual({ error: "The search parameter must be at most 100 characters." });
    expect((await get({ endpoint: "search_suggestion", search: "polo".padEnd(100, " ") })).response.status).toBe(200);
  });

  it("menu-guide-pratique: data[] of name, description, slug", async () => {
    const { body } = await get({ endpoint: "menu-guide-pratique" });
    const data = body.data as Record<string, unknown>[];
    expect(data.length).toBeGreaterThan(0);
    for (const item of data) {
      expect(Object.keys(item).sort()).toEqual(["description", "name", "slug"]);
      expect(item).toEqual({ name: expect.any(String), description: expect.any(String), slug: expect.stringMatching(/^[a-z0-9-]+$/) });
    }
  });

  it("get_header_menu_news: data[] of id, name, description", async () => {
    const { body } = await get({ endpoint: "get_header_menu_news" });
    const data = body.data as Record<string, unknown>[];
    expect(data.length).toBeGreaterThan(0);
    for (const item of data) {
      expect(Object.keys(item).sort()).toEqual(["description", "id", "name"]);
      expect(item).toEqual({ id: expect.any(Number), name: expect.any(String), description: expect.any(String) });
    }
  });

  it("marques_modeles: data[] of brands with id, nom_de_la_marque, models[] of id, nom_du_modele", async () => {
    const { response, body } = await get({ endpoint: "marques_modeles" });
    expect(response.headers.get("cache-control")).toBe("private, max-age=300");
    const data = body.data as { id: number; nom_de_la_marque: string; models: { id: number; nom_du_modele: string }[] }[];
    expect(data).toHaveLength(40);
    expect(data.reduce((n, b) => n + b.models.length, 0)).toBe(241);
    for (const brand of data) {
      expect(Object.keys(brand).sort()).toEqual(["id", "models", "nom_de_la_marque"]);
      for (const model of brand.models) expect(Object.keys(model).sort()).toEqual(["id", "nom_du_modele"]);
    }
    const toyota = data.find((b) => b.nom_de_la_marque === "Toyota");
    expect(toyota?.models.map((m) => m.nom_du_modele)).toContain("Hilux Double Cab");
  });
});

describe("api.php errors", () => {
  it("an unknown or missing endpoint is a 400 with a JSON error", async () => {
    const unknown = await get({ endpoint: "get_everything" });
    expect(unknown.response.status).toBe(400);
    expect(unknown.body).toEqual({ error: "Unknown endpoint: get_everything." });
    const prototype = await get({ endpoint: "constructor" });
    expect(prototype.response.status).toBe(400);
    const missing = await get({});
    expect(missing.response.status).toBe(400);
    expect(missing.body).toEqual({ error: "The endpoint parameter is required." });
  });

  it("anything but GET is a 405 with Allow", async () => {
    for (const method of ["POST", "PUT", "DELETE", "PATCH"]) {
      const response = await apiRoute.action(args(new Request(url({ endpoint: "get_banners", API_KEY: KEY }), { method })));
      expect(response.status).toBe(405);
      expect(response.headers.get("allow")).toBe("GET, HEAD");
      expect(await response.json()).toEqual({ error: "Method not allowed: use GET." });
    }
  });
});

describe("api.php API_KEY", () => {
  it("with a key configured: 401 JSON without it or with a wrong one, 200 with it in the query or the header", async () => {
    const noKey = await apiRoute.loader(args(new Request(url({ endpoint: "marques_modeles" }))));
    expect(noKey.status).toBe(401);
    expect(await noKey.json()).toEqual({ error: "A valid API_KEY is required (query parameter or header)." });
    const wrong = await apiRoute.loader(args(new Request(url({ endpoint: "marques_modeles", API_KEY: `${KEY}x` }))));
    expect(wrong.status).toBe(401);
    const wrongHeader = await apiRoute.loader(args(new Request(url({ endpoint: "marques_modeles" }), { headers: { API_KEY: "nope" } })));
    expect(wrongHeader.status).toBe(401);
    // Checked before the endpoint: no key, no information about endpoints.
    expect((await apiRoute.loader(args(new Request(url({ endpoint: "nope" }))))).status).toBe(401);

    const query = await apiRoute.loader(args(new Request(url({ endpoint: "marques_modeles", API_KEY: KEY }))));
    expect(query.status).toBe(200);
    const header = await apiRoute.loader(args(new Request(url({ endpoint: "marques_modeles" }), { headers: { API_KEY: KEY } })));
    expect(header.status).toBe(200);
    expect(((await header.json()) as { data: unknown[] }).data).toHaveLength(40);
  });

  it("without a key configured the API is open and answers may be cached publicly", async () => {
    const response = await handleApiRequest(new Request(url({ endpoint: "get_header_menu_news" })), { apiKey: undefined });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=300");
    const search = await handleApiRequest(new Request(url({ endpoint: "search_suggestion", search: "vw polo" })), { apiKey: undefined });
    expect(search.headers.get("cache-control")).toBe("public, max-age=60");
    // Models first (news articles about the Polo may follow).
    const items = ((await search.json()) as { data: { type: string; model_name?: string }[] }).data;
    expect(items.filter((s) => s.type === "model").map((s) => s.model_name)).toEqual(["Polo", "Polo Vivo"]);
  });

  it("compares keys of any length without throwing", () => {
    const request = (key: string) => new Request(url({ API_KEY: key }));
    expect(isAuthorised(request(""), "secret")).toBe(false);
    expect(isAuthorised(request("s"), "secret")).toBe(false);
    expect(isAuthorised(request("secret".repeat(100)), "secret")).toBe(false);
    expect(isAuthorised(request("secret"), "secret")).toBe(true);
    expect(isAuthorised(new Request(base), undefined)).toBe(true);
  });
});

describe("the search field's endpoint", () => {
  beforeAll(() => invalidate());
  it("answers suggestions without a key, and nothing for 1 character", async () => {
    const response = await suggestionsRoute.loader(args(new Request("http://localhost/suggestions?q=hil")));
    expect(response.status).toBe(200);
    const body = (await response.json()) as { data: { model_name: string }[] };
    expect(body.data[0]?.model_name).toBe("Hilux Double Cab");
    const short = await suggestionsRoute.loader(args(new Request("http://localhost/suggestions?q=h")));
    expect(await short.json()).toEqual({ data: [] });
    const none = await suggestionsRoute.loader(args(new Request("http://localhost/suggestions")));
    expect(await none.json()).toEqual({ data: [] });
  });
});
