import { PassThrough } from "node:stream";
import { lazy, Suspense } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { createRequestHandler, type EntryContext, type ServerBuild, ServerRouter, useLoaderData } from "react-router";
import { describe, expect, it } from "vitest";
import { documentRootModule, LabelledPrice } from "../../tests/setup/document-root";
import { handMadeAssetRoute, handMadeRoute, handMadeServerBuild } from "../../tests/setup/server-build";
import { documentBytes, readHandoffAhead, renderWholeDocument } from "./whole-document.server";

// A small app rendered by React Router's own request handler, whose entry renders each document
// twice from the same context: with React's streaming renderer as it comes, and in one pass after
// the hydration data was read ahead. The two must be the same bytes.

const NONCE = "test-nonce";
// Text that must be escaped in a script, and characters beyond ASCII.
const TRICKY = "</script><!-- & \u2028 \u2029 10 000 rand – déjà vu 🚗";

// Suspends on the server the first time it renders (a module that is not loaded yet).
const notYetLoaded = () =>
  lazy(() => new Promise<{ default: () => React.ReactNode }>((resolve) => setTimeout(() => resolve({ default: () => <p>loaded later</p> }), 5)));

const route = handMadeRoute;

interface Rendered {
  streamed: string;
  whole: string | null;
}

function renderStreamed(element: React.ReactElement): Promise<string> {
  return new Promise((resolve, reject) => {
    const { pipe } = renderToPipeableStream(element, {
      nonce: NONCE,
      onAllReady() {
        const body = new PassThrough();
        const parts: Buffer[] = [];
        body.on("data", (chunk: Buffer) => parts.push(chunk));
        body.on("end", () => resolve(Buffer.concat(parts).toString("utf8")));
        pipe(body);
      },
      onShellError: reject,
    });
  });
}

function testBuild(): ServerBuild {
  const NotYetLoaded = notYetLoaded();
  return handMadeServerBuild({
    entry: {
      default: async (request: Request, status: number, headers: Headers, context: EntryContext) => {
        // The hydration data can be read once: each renderer gets its own copy of the stream.
        const [forStreaming, forWhole] = context.serverHandoffStream!.tee();
        const element = (ctx: EntryContext) => <ServerRouterOf context={ctx} url={request.url} />;
        const streamedContext = {
          ...context,
          serverHandoffStream: forStreaming,
          renderMeta: {},
        };
        const wholeContext = {
          ...context,
          serverHandoffStream: forWhole,
          renderMeta: {},
        };
        // The whole render first: what it waits for is then not loaded yet.
        await readHandoffAhead(wholeContext);
        const whole = renderWholeDocument(element(wholeContext))?.toString("utf8") ?? null;
        const rendered: Rendered = {
          streamed: await renderStreamed(element(streamedContext)),
          whole,
        };
        // When the whole render gave up, the streaming renderer still answers from the reads kept.
        const after = rendered.whole === null ? await renderStreamed(element(wholeContext)) : null;
        headers.set("Content-Type", "application/json");
        return new Response(JSON.stringify({ ...rendered, after }), {
          status,
          headers,
        });
      },
      handleError: () => {},
    },
    routes: {
      root: route("root", "", documentRootModule(NONCE, () => ({ site: "Voitura", note: TRICKY }))),
      page: route(
        "page",
        "page",
        {
          loader: () => ({
            cars: Array.from({ length: 40 }, (_, i) => ({
              name: `Toyota Corolla Cross ${i}`,
              price: 415_900 + i * 1000,
              note: TRICKY,
            })),
          }),
          default: function Page() {
            const { cars } = useLoaderData() as {
              cars: { name: string; price: number; note: string }[];
            };
            return (
              <main>
                <LabelledPrice />
                <Suspense fallback={<p>loading</p>}>
                  <LabelledPrice />
                </Suspense>
                <ul>
                  {cars.map((car) => (
                    <li key={car.name}>
                      {car.name} {car.price} {car.note}
                    </li>
                  ))}
                </ul>
              </main>
            );
          },
        },
        "root",
      ),
      waits: route(
        "waits",
        "waits",
        {
          loader: () => ({ ok: true }),
          default: () => (
            <main>
              <Suspense fallback={<p>loading</p>}>
                <NotYetLoaded />
              </Suspense>
            </main>
          ),
        },
        "root",
      ),
    },
    assetRoutes: {
      root: handMadeAssetRoute("root"),
      page: handMadeAssetRoute("page", "root"),
      waits: handMadeAssetRoute("waits", "root"),
    },
  });
}

function ServerRouterOf({ context, url }: { context: EntryContext; url: string }) {
  return <ServerRouter context={context} url={url} nonce={NONCE} />;
}

async function render(path: string): Promise<Rendered & { after: string | null }> {
  const handle = createRequestHandler(testBuild(), "production");
  const response = await handle(new Request(`http://localhost${path}`));
  expect(response.status).toBe(200);
  return response.json();
}

describe("a document rendered whole in one pass", () => {
  it("is the streaming renderer's document byte for byte, hydration data included", async () => {
    const { streamed, whole } = await render("/page");
    expect(whole).toBe(streamed);
    // The hydration data is there, escaped inside its script, and the stream is closed.
    expect(whole).toContain("window.__reactRouterContext.streamController.enqueue(");
    expect(whole).toContain("window.__reactRouterContext.streamController.close();");
    expect(whole).not.toContain("</script><!-- &");
    expect(whole).toContain("Toyota Corolla Cross 39");
    expect(whole!.startsWith("<!DOCTYPE html><html")).toBe(true);
    // useId gives the same ids (the tree is the same), inside a Suspense boundary too.
    expect(whole).toMatch(/<label for="([^"]+)">Price<\/label><input id="\1"/);
  });

  it("gives a document that waits for something back to the streaming renderer, which still has the hydration data", async () => {
    const { streamed, whole, after } = await render("/waits");
    expect(whole).toBeNull();
    expect(streamed).toContain("loaded later");
    expect(after).toBe(streamed);
  });

  it("encodes the markup as one UTF-8 document, a character beyond Latin-1 anywhere", () => {
    const markup = "<html><body><p>déjà vu – R 415 900 🚗</p><footer>Gqeberha</footer></body></html>";
    expect(documentBytes(markup)!.toString("utf8")).toBe(`<!DOCTYPE html>${markup}`);
    // A fragment gets no doctype; a client-rendered boundary goes to the streaming renderer.
    expect(documentBytes("<p>é</p><p>🚗</p>")!.toString("utf8")).toBe("<p>é</p><p>🚗</p>");
    expect(documentBytes("<html><body><!--$!--><template></template><!--/$--></body></html>")).toBeNull();
  });

  it("joins a rewrite's pieces as the document's own bytes", () => {
    const rewrite = (document: Buffer) => [document.subarray(0, 15), Buffer.from("<!-- rewritten -->"), document.subarray(15)];
    const rewritten = documentBytes("<html><body><p>é</p></body></html>", rewrite)!;
    documentBytes("<html><body><p>next render</p></body></html>");
    expect(rewritten.toString("utf8")).toBe("<!DOCTYPE html><!-- rewritten --><html><body><p>é</p></body></html>");
    expect(documentBytes("<html><body></body></html>", () => null)!.toString("utf8")).toBe("<!DOCTYPE html><html><body></body></html>");
  });

  it("gives each document bytes of its own, a large one and a small one after it", () => {
    const first = documentBytes("<html><body><p>first – 🚗</p></body></html>")!;
    const large = `<html><body>${"<p>Toyota Corolla Cross – R 415 900</p>".repeat(80_000)}</body></html>`;
    const second = documentBytes(large)!;
    const third = documentBytes("<html><body><p>third</p></body></html>")!;
    expect(first.toString("utf8")).toBe("<!DOCTYPE html><html><body><p>first – 🚗</p></body></html>");
    expect(second.toString("utf8")).toBe(`<!DOCTYPE html>${large}`);
    expect(third.toString("utf8")).toBe("<!DOCTYPE html><html><body><p>third</p></body></html>");
  });
});
