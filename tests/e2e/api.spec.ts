import { expect, test } from "./fixtures";

// Over HTTP, through the real server (the shapes are covered in detail by the contract tests).
test.describe("product API", () => {
  test("GET /api.php answers JSON; unknown endpoints are a 400, other methods a 405", async ({ request }) => {
    const brands = await request.get("/api.php?endpoint=marques_modeles");
    expect(brands.status()).toBe(200);
    expect(brands.headers()["content-type"]).toMatch(/^application\/json/);
    const body = (await brands.json()) as { data: { id: number; nom_de_la_marque: string; models: { id: number; nom_du_modele: string }[] }[] };
    expect(body.data.find((b) => b.nom_de_la_marque === "Toyota")?.models.map((m) => m.nom_du_modele)).toContain("Corolla Cross");

    const search = await request.get("/api.php?endpoint=search_suggestion&search=corola");
    expect(((await search.json()) as { data: { model_name: string }[] }).data[0]?.model_name).toBe("Corolla Cross");

    const unknown = await request.get("/api.php?endpoint=nope");
    expect(unknown.status()).toBe(400);
    expect(await unknown.json()).toEqual({ error: "Unknown endpoint: nope." });

    const post = await request.post("/api.php?endpoint=get_banners");
    expect(post.status()).toBe(405);
    expect(await post.json()).toEqual({ error: "Method not allowed: use GET." });
  });
});
