import { createRequire } from "node:module";
import path from "node:path";
import type { Plugin } from "vite";
import { type TextPatch, textPatchHooks } from "./text-patches";

// React's renderToString joins a document's markup into one string, piece by piece, and V8 copies
// it into one flat string the first time it is read. A flat string over 128 KiB (64K characters
// once one character of the page is beyond Latin-1) is a large object to V8: it gets its own
// freshly mapped memory, and every 4 KiB of it is a page fault when the copy first writes there,
// about 10 µs each on the two-core machine the budgets are measured on. A model page (155 kB)
// took 80 to 95 faults a render, and its large objects made the old generation's collections
// come sooner: a third of the page's main thread (decision 012). This plugin, for the server
// build only, adds `renderToStringParts` to react-dom/server: the same render, handed back as
// parts of at most DOCUMENT_PART_CHARACTERS characters (or one piece of React's, when a piece is
// longer on its own: the footer, already one flat string), which are encoded one after the other,
// and pushes each attribute as one string (below). The parts say whether React gave up on a
// boundary (`clientRendered`: it pushed the client-rendered boundary's marker), so the document
// need not be searched for the marker (50 µs for a 225 kB page).

/** Characters in a part of a document: 32 KiB at two bytes each, well under V8's 128 KiB. */
export const DOCUMENT_PART_CHARACTERS = 16_384;

const require = createRequire(import.meta.url);
/** React's renderToString and renderToStaticMarkup, as its production server build for Node has them. */
export const REACT_DOM_LEGACY_SERVER = path.join(path.dirname(require.resolve("react-dom/package.json")), "cjs", "react-dom-server-legacy.node.production.js");

/** What the server build imports for "react-dom/server": the patched renderer and React's own streaming one. */
const VIRTUAL_SERVER = "\0voitura:react-dom-server";

export const PATCHES: TextPatch[] = [
  {
    find: `function renderToStringImpl(
  children,
  options,
  generateStaticMarkup,
  abortReason
) {
  var didFatal = !1,
    fatalError = null,
    result = "",`,
    replace: `function renderToStringImpl(
  children,
  options,
  generateStaticMarkup,
  abortReason,
  inParts
) {
  var didFatal = !1,
    fatalError = null,
    result = "",
    parts = [],
    clientRendered = !1,`,
  },
  {
    find: `    push: function (chunk) {
      null !== chunk && (result += chunk);
      return !0;
    },`,
    replace: `    push: function (chunk) {
      if (null === chunk) return !0;
      if (chunk === "\\x3c!--$!--\\x3e") clientRendered = !0;
      if (inParts && 0 < result.length && result.length + chunk.length > ${DOCUMENT_PART_CHARACTERS}) {
        parts.push(result);
        result = chunk;
      } else result += chunk;
      return !0;
    },`,
  },
  {
    find: `      "A component suspended while responding to synchronous input. This will cause the UI to be replaced with a loading indicator. To fix, updates that suspend should be wrapped with startTransition."
    );
  return result;
}`,
    replace: `      "A component suspended while responding to synchronous input. This will cause the UI to be replaced with a loading indicator. To fix, updates that suspend should be wrapped with startTransition."
    );
  if (!inParts) return result;
  parts.push(result);
  parts.clientRendered = clientRendered;
  return parts;
}`,
  },
  // An attribute is pushed as one string rather than five: the chunks of a page rendered in one
  // segment are one array, which a search page (4,000 attributes) grew past V8's 128 KiB into
  // the large objects the parts avoid (40 faults a render). Same markup, a fifth of the entries.
  {
    find: `target.push(" ", name, '="', escapeTextForBrowser(value), '"');`,
    replace: `target.push(" " + name + '="' + escapeTextForBrowser(value) + '"');`,
    everywhere: true,
  },
  {
    find: `target.push(" ", name, '=""')`,
    replace: `target.push(" " + name + '=""')`,
    everywhere: true,
  },
  {
    // renderToString's own export, repeated under the new name with the parts asked for.
    find: `exports.renderToString = function (children, options) {
  return renderToStringImpl(
    children,
    options,
    !1,
    'The server used "renderToString" which does not support Suspense. If you intended for this Suspense boundary to render the fallback content on the server consider throwing an Error somewhere within the Suspense boundary. If you intended to have the server wait for the suspended component please switch to "renderToPipeableStream" which supports Suspense on the server'
  );
};`,
    replace: (renderToString) =>
      `${renderToString}\n${renderToString.replace("exports.renderToString =", "exports.renderToStringParts =").replace(/\n {2}\);\n\};$/, ",\n    !0\n  );\n};")}`,
  },
];

export function reactDomDocumentParts(): Plugin {
  return {
    name: "voitura:react-dom-document-parts",
    // The development server loads react-dom as it is (renderToString's whole string).
    apply: "build",
    applyToEnvironment: (environment) => environment.config.consumer === "server",
    enforce: "pre",
    resolveId(source, importer) {
      if (source !== "react-dom/server" || importer === VIRTUAL_SERVER) return null;
      return VIRTUAL_SERVER;
    },
    load(id) {
      if (id !== VIRTUAL_SERVER) return null;
      return [
        `export { renderToPipeableStream, renderToReadableStream, resume, resumeToPipeableStream } from "react-dom/server";`,
        `import legacyServer from ${JSON.stringify(REACT_DOM_LEGACY_SERVER)};`,
        `export const { renderToString, renderToStaticMarkup, renderToStringParts, version } = legacyServer;`,
      ].join("\n");
    },
    ...textPatchHooks({
      label: "react-dom-document-parts",
      dependency: "react-dom",
      source: "server/react-dom-parts.vite.ts",
      appliesTo: (id) => path.resolve(id) === REACT_DOM_LEGACY_SERVER,
      patches: PATCHES,
    }),
  };
}
