import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter, NavLink } from "react-router";
import { describe, expect, it } from "vitest";
import { BarLink, isCurrentSection } from "./navigation-bar-parts";

describe("the bar's links", () => {
  it("are current in their section as NavLink decides it", () => {
    expect(isCurrentSection("/", "/", true)).toBe(true);
    expect(isCurrentSection("/comparateur", "/", true)).toBe(false);
    expect(isCurrentSection("/marche-doccasion/rechercher", "/marche-doccasion", false)).toBe(true);
    expect(isCurrentSection("/Marche-Doccasion", "/marche-doccasion", false)).toBe(true);
    expect(isCurrentSection("/marche-doccasion-bis", "/marche-doccasion", false)).toBe(false);
    expect(isCurrentSection("/marche-doccasion/annonce/1", "/marche-doccasion", true)).toBe(false);
    expect(isCurrentSection("/marche-doccasion/x", "/marche-doccasion/", false)).toBe(true);
  });

  it("print what NavLink prints, on every kind of page", () => {
    const links = [
      { to: "/", end: true },
      { to: "/marche-doccasion", end: false },
      { to: "/comparateur", end: false },
    ];
    for (const path of ["/", "/marche-doccasion", "/marche-doccasion/rechercher?body=suv", "/comparateur", "/guide-auto"]) {
      for (const { to, end } of links) {
        const inRouter = (link: React.ReactNode) => renderToStaticMarkup(<MemoryRouter initialEntries={[path]}>{link}</MemoryRouter>);
        const ours = inRouter(<BarLink to={to} end={end} className="bar-link" onClick={() => {}}>Go</BarLink>);
        const theirs = inRouter(<NavLink to={to} end={end} className="bar-link" onClick={() => {}}>Go</NavLink>);
        expect(ours, `${to} on ${path}`).toBe(theirs);
      }
    }
    expect(renderToStaticMarkup(<MemoryRouter initialEntries={["/marche-doccasion/rechercher"]}><BarLink to="/marche-doccasion" className="x">Used</BarLink></MemoryRouter>)).toContain('aria-current="page" class="x active"');
  });
});
