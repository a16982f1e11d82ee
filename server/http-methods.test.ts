import { describe, expect, it } from "vitest";
import type { ServerBuild } from "react-router";
import { documentPath, leafRoute, routeMethods } from "./http-methods";

// A server build's route list, as React Router's compiler writes it (flat, children by parentId).
const component = () => null;
const handler = () => null;
const routes = {
  root: { id: "root", path: "", module: { loader: handler, default: component } },
  "routes/home": { id: "routes/home", parentId: "root", index: true, module: { default: component } },
  "routes/contact": { id: "routes/contact", parentId: "root", path: "contactez-nous", module: { loader: handler, action: handler, default: component } },
  "routes/api": { id: "routes/api", parentId: "root", path: "api.php", module: { loader: handler, action: handler, handle: { allow: ["GET", "HEAD"] } } },
  "routes/logout": { id: "routes/logout", parentId: "root", path: "logout", module: { loader: handler, action: handler } },
  "routes/article": { id: "routes/article", parentId: "root", path: "actualite-auto/:categ/:article", module: { loader: handler, default: component } },
  "routes/not-found": { id: "routes/not-found", parentId: "root", path: "*", module: { loader: handler, action: handler, default: component } },
} as unknown as ServerBuild["routes"];

describe("routeMethods", () => {
  it("reads GET and HEAD from a loader or component, POST from an action", () => {
    expect(routeMethods(routes, "/")).toEqual({ allow: ["GET", "HEAD", "OPTIONS"], actionDecides: false, unmatched: false });
    expect(routeMethods(routes, "/contactez-nous")).toEqual({ allow: ["GET", "HEAD", "POST", "OPTIONS"], actionDecides: false, unmatched: false });
    expect(routeMethods(routes, "/actualite-auto/essais/12-polo").allow).toEqual(["GET", "HEAD", "OPTIONS"]);
  });

  it("lets a route name its methods and answer the others with its own action", () => {
    expect(routeMethods(routes, "/api.php")).toEqual({ allow: ["GET", "HEAD", "OPTIONS"], actionDecides: true, unmatched: false });
    expect(routeMethods(routes, "/logout")).toMatchObject({ allow: ["GET", "HEAD", "POST", "OPTIONS"], actionDecides: false });
  });

  it("knows a URL nobody owns, and the page behind a .data request", () => {
    expect(routeMethods(routes, "/wp-login.php").unmatched).toBe(true);
    expect(documentPath("/_root.data")).toBe("/");
    expect(documentPath("/contactez-nous.data")).toBe("/contactez-nous");
    expect(routeMethods(routes, "/contactez-nous.data").allow).toContain("POST");
  });
});

describe("leafRoute", () => {
  it("finds the same route for a path asked again, and after thousands of other paths", () => {
    expect(leafRoute(routes, "/actualite-auto/essais/12-polo")?.id).toBe("routes/article");
    expect(leafRoute(routes, "/actualite-auto/essais/12-polo")?.id).toBe("routes/article");
    expect(leafRoute(routes, "/actualite-auto/essais/12-polo.data")?.id).toBe("routes/article");
    for (let i = 0; i < 5_000; i++) leafRoute(routes, `/actualite-auto/essais/${i}-car`);
    expect(leafRoute(routes, "/contactez-nous")?.id).toBe("routes/contact");
    expect(leafRoute(routes, "/actualite-auto/essais/12-polo")?.id).toBe("routes/article");
    expect(leafRoute(routes, "/wp-login.php")?.id).toBe("routes/not-found");
    expect(leafRoute(routes, "/")?.id).toBe("routes/home");
  });

  it("answers for each build's own routes", () => {
    const other = { ...routes, "routes/contact": { ...routes["routes/contact"]!, path: "contact" } } as ServerBuild["routes"];
    expect(leafRoute(routes, "/contactez-nous")?.id).toBe("routes/contact");
    expect(leafRoute(other, "/contactez-nous")?.id).toBe("routes/not-found");
  });
});
