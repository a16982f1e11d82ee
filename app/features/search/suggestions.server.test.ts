import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { invalidate } from "~/lib/cache.server";
import { db, resultRows, setDatabase } from "~/lib/db.server";
import { brands, models } from "../../../db/schema";
import { useTestDatabase } from "../../../tests/setup/database";
import type { Suggestion } from "./suggestions";
import { searchSuggestions } from "./suggestions.server";

const handle = useTestDatabase({ seed: true });

const names = (items: Suggestion[]) => items.map((s) => (s.type === "model" ? `${s.brand_name} ${s.model_name}` : s.post_title));

describe("search suggestions on the seeded catalogue", () => {
  it("finds a model despite a typo: corola → Corolla Cross first", async () => {
    expect(names(await searchSuggestions("corola"))[0]).toBe("Toyota Corolla Cross");
    expect(names(await searchSuggestions("volkswagn polo"))[0]).toBe("Volkswagen Polo");
  });

  it("understands brand aliases with a model: vw polo → Polo, then Polo Vivo, nothing loose", async () => {
    const models = (items: Suggestion[]) => items.filter((s) => s.type === "model");
    expect(names(models(await searchSuggestions("vw polo")))).toEqual(["Volkswagen Polo", "Volkswagen Polo Vivo"]);
    expect(names(await searchSuggestions("merc c"))[0]).toBe("Mercedes-Benz C-Class");
    expect(names(await searchSuggestions("lr def")).every((n) => n.startsWith("Land Rover Defender"))).toBe(true);
  });

  it("ignores case and accents", async () => {
    const expected = ["Citroën C3", "Citroën C3 Aircross"];
    expect(names(await searchSuggestions("citroen c3"))).toEqual(expected);
    expect(names(await searchSuggestions("CITROËN C3"))).toEqual(expected);
    expect(names(await searchSuggestions("Citroën"))[0]).toBe("Citroën C3");
  });

  it("completes a started word, most popular first: hil → Hilux Double Cab", async () => {
    const hil = names(await searchSuggestions("hil"));
    expect(hil[0]).toBe("Toyota Hilux Double Cab");
    expect(hil.every((n) => n.includes("Hilux"))).toBe(true);
  });

  it("lists a brand's models by popularity, at most 8", async () => {
    const toyota = await searchSuggestions("toyota");
    expect(toyota).toHaveLength(8);
    expect(names(toyota)[0]).toBe("Toyota Hilux Double Cab");
    expect(toyota.every((s) => s.type === "model" && s.brand_name === "Toyota")).toBe(true);
  });

  it("returns items of the spec's shape whose slugs name the real model", async () => {
    const [polo] = await searchSuggestions("polo");
    const row = await db().query.models.findFirst({ where: eq(models.id, polo?.type === "model" ? polo.model_id : 0) });
    expect(polo).toEqual({
      type: "model",
      brand_name: "Volkswagen",
      model_id: row?.id,
      model_name: "Polo",
      brand_slug: "volkswagen",
      model_slug: row?.slug,
    });
  });

  it("suggests news articles whose title has every typed word, after the models, in the spec's news shape", async () => {
    const items = await searchSuggestions("load shed");
    const news = items.filter((s) => s.type === "news");
    expect(news[0]).toEqual({
      type: "news",
      post_id: 2005,
      post_name: "load-shedding-and-ev-ownership",
      post_title: expect.stringMatching(/^Load-shedding and electric cars/),
    });
    // Models first, then articles.
    const mixed = await searchSuggestions("corolla cross");
    expect(mixed[0]).toMatchObject({ type: "model", model_name: "Corolla Cross" });
    const firstNews = mixed.findIndex((s) => s.type === "news");
    expect(firstNews).toBeGreaterThan(0);
    expect(mixed.slice(firstNews).every((s) => s.type === "news")).toBe(true);
    expect(mixed.some((s) => s.type === "news" && s.post_id === 1001)).toBe(true);
    // Every word must start a word of the title: a typo finds models, not loose articles.
    expect((await searchSuggestions("corola")).some((s) => s.type === "news")).toBe(false);
    expect((await searchSuggestions("vw polo")).filter((s) => s.type === "news").every((s) => s.type === "news" && /volkswagen/i.test(s.post_title) && /polo/i.test(s.post_title))).toBe(true);
  });

  it("answers nothing under 2 characters, without touching the database", async () => {
    setDatabase(undefined);
    try {
      expect(await searchSuggestions("")).toEqual([]);
      expect(await searchSuggestions("x")).toEqual([]);
      expect(await searchSuggestions(" é ")).toEqual([]);
    } finally {
      setDatabase(handle());
    }
  });

  it("answers nothing for text that matches no model", async () => {
    expect(await searchSuggestions("zzqqxx")).toEqual([]);
  });

  it("keeps search columns right through writes, and invalidate('catalogue') drops cached answers", async () => {
    expect(names(await searchSuggestions("fortuner"))[0]).toBe("Toyota Fortuner");
    await db().update(models).set({ name: "Fortunér Legend" }).where(eq(models.name, "Fortuner"));
    await db().update(brands).set({ name: "Toyotá" }).where(eq(brands.name, "Toyota"));
    // Still cached until the catalogue is invalidated.
    expect(names(await searchSuggestions("fortuner"))[0]).toBe("Toyota Fortuner");
    invalidate("catalogue");
    expect(names(await searchSuggestions("toyota fortuner legend"))[0]).toBe("Toyotá Fortunér Legend");
    const [row] = resultRows<{ search_text: string }>(await db().execute(sql`select search_text from models where name = 'Fortunér Legend'`));
    expect(row?.search_text).toBe("toyota fortuner legend");
  });
});
