import { createRequestHandler, type EntryContext, type ServerBuild, ServerRouter, useLoaderData, useParams } from "react-router";
import { describe, expect, it } from "vitest";
import { documentRootModule, LabelledPrice } from "../../tests/setup/document-root";
import { handMadeAssetRoute, handMadeRoute, handMadeServerBuild } from "../../tests/setup/server-build";
import { documentApart, entryContextFor } from "./document-apart.server";
import { readHandoffAhead, renderWholeDocument } from "./whole-document.server";

// A small app rendered by React Router's own request handler. Its entry renders each document
// here, then hands it over as a render thread gets it (a structured clone of documentApart's
// data) and renders it again from the context rebuilt there: the two must be the same bytes.

const NONCE = "test-nonce";
const TRICKY = "</script><!-- & \u2028 déjà vu 🚗";

interface Rendered {
  here: string | null;
  apart: string | null;
  handedOver: boolean;
}

function testBuild(): ServerBuild {
  const build: ServerBuild = handMadeServerBuild({
    entry: {
      default: async (request: Request, status: number, headers: Headers, context: EntryContext) => {
        const handoffReads = await readHandoffAhead(context);
        const here = renderWholeDocument(<ServerRouter context={context} url={request.url} nonce={NONCE} />)?.toString("utf8") ?? null;
        const document = handoffReads && documentApart(context, handoffReads, { url: request.url, nonce: NONCE, requestId: "req-1", fragments: { footer: "<p>footer</p>" }, printed: new Map([["k", { a: 1 }]]) });
        let apart: string | null = null;
        if (document) {
          // What postMessage does to it on the way to a render thread.
          const copy = structuredClone(document);
          const rebuilt = entryContextFor(copy, build);
          apart = renderWholeDocument(<ServerRouter context={rebuilt} url={copy.url} nonce={copy.nonce} />)?.toString("utf8") ?? null;
        }
        headers.set("Content-Type", "application/json");
        return new Response(JSON.stringify({ here, apart, handedOver: document !== null } satisfies Rendered), { status, headers });
      },
      handleError: () => {},
    },
    routes: {
      root: handMadeRoute(
        "root",
        "",
        documentRootModule(NONCE, () => ({ site: "Voitura", note: TRICKY }), {
          meta: () => [{ title: "Voitura" }],
          ErrorBoundary: () => <p>error page</p>,
        }),
      ),
      car: handMadeRoute(
        "car",
        "voitures/:brand/:model",
        {
          loader: ({ params }: { params: Record<string, string> }) => ({
            listed: new Date("2026-11-30T08:00:00Z"),
            versions: Array.from({ length: 30 }, (_, i) => ({ name: `${params.model} ${i}`, priceZar: 415_900 + i * 1000, note: TRICKY })),
          }),
          default: function Car() {
            const { versions, listed } = useLoaderData() as { versions: { name: string; priceZar: number; note: string }[]; listed: Date };
            const params = useParams();
            return (
              <main>
                <h1>
                  {params.brand} {params.model}
                </h1>
                <p>Listed {listed.toISOString()}</p>
                <LabelledPrice />
                <ul>
                  {versions.map((version) => (
                    <li key={version.name}>
                      {version.name} R {version.priceZar} {version.note}
                    </li>
                  ))}
                </ul>
              </main>
            );
          },
        },
        "root",
      ),
      broken: handMadeRoute(
        "broken",
        "broken",
        {
          loader: () => {
            throw new Error("the database is away");
          },
          default: () => <main>never</main>,
        },
        "root",
      ),
    },
    assetRoutes: {
      root: handMadeAssetRoute("root", undefined, true),
      car: handMadeAssetRoute("car", "root"),
      broken: handMadeAssetRoute("broken", "root"),
    },
  });
  return build;
}

async function render(path: string): Promise<Rendered & { status: number }> {
  const handle = createRequestHandler(testBuild(), "production");
  const response = await handle(new Request(`http://localhost${path}`));
  return { ...((await response.json()) as Rendered), status: response.status };
}

describe("a document handed to a render thread", () => {
  it("renders there the same bytes as here: data, dates, params, ids, meta and hydration data", async () => {
    const { here, apart, handedOver, status } = await render("/voitures/toyota/corolla-cross");
    expect(status).toBe(200);
    expect(handedOver).toBe(true);
    expect(here).not.toBeNull();
    expect(apart).toBe(here);
    expect(apart).toContain("<h1>toyota<!-- --> <!-- -->corolla-cross</h1>");
    expect(apart).toContain("Listed <!-- -->2026-11-30T08:00:00.000Z");
    expect(apart).toContain("corolla-cross 29");
    expect(apart).toContain("<title>Voitura</title>");
    expect(apart).toContain("window.__reactRouterContext.streamController.close();");
  });

  it("is not handed over when the document is an error page: it renders here", async () => {
    const { here, handedOver, status } = await render("/broken");
    expect(status).toBe(500);
    expect(handedOver).toBe(false);
    expect(here).toContain("error page");
  });
});
