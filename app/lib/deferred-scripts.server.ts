import { StringDecoder } from "node:string_decoder";
import { Transform } from "node:stream";

/**
 * The app's JavaScript starts loading after the first paint (decision 007). React Router writes
 * `<link rel="modulepreload">` tags in the head and one inline module script that imports the
 * route modules and the client entry. Here the preload tags are taken out and the module script
 * becomes a small nonce'd script that, once the page has painted, adds the same preloads and the
 * same module script. The page is whole and usable before (links, GET forms); hydration follows.
 */

const PRELOAD = /<link rel="modulepreload" href="([^"]+)"[^>]*\/>/g;
const MODULE_SCRIPT = /<script nonce="([^"]*)" type="module" async="">([\s\S]*?)<\/script>/;

// The loader script of a route's module script is the same text for every request but its nonce:
// everything around the nonce is kept per module script (its JSON-escaped copy of a 10 kB module
// script cost a search page as much as the rest of the rewrite).
const LOADERS_KEPT = 200;
const keptLoaders = new Map<string, { head: string; tail: string }>();

// JSON in an inline script: "<" is escaped so no value can close the element.
const json = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");

// React Router prints the route manifest in the module script indented by two spaces; as one
// line it is the same object in 2-4 kB less HTML on every page (whitespace a phone would parse).
const MANIFEST = /(window\.__reactRouterManifest = )(\{\n[\s\S]*?\n\});/;

/** The module script with its route manifest on one line (unchanged when the manifest is not found as printed). */
export function compactManifest(content: string): string {
  const found = MANIFEST.exec(content);
  if (!found) return content;
  let manifest: string;
  try {
    manifest = JSON.stringify(JSON.parse(found[2]!));
  } catch {
    return content;
  }
  return content.slice(0, found.index) + found[1] + manifest + ";" + content.slice(found.index + found[0].length);
}

function loaderScript(nonce: string, preloads: string[], content: string): string {
  const key = `${preloads.join("\n")}\0${content}`;
  let kept = keptLoaders.get(key);
  if (!kept) {
    content = compactManifest(content);
    kept = {
      head:
        `(function(){var d=document;function load(){` +
        `${json(preloads)}.forEach(function(u){var l=d.createElement("link");l.rel="modulepreload";l.href=u;d.head.appendChild(l)});` +
        `var s=d.createElement("script");s.type="module";s.nonce=`,
      tail: `;s.textContent=${json(content)};d.body.appendChild(s)}requestAnimationFrame(function(){setTimeout(load,0)})})();</script>`,
    };
    if (keptLoaders.size >= LOADERS_KEPT) keptLoaders.delete(keptLoaders.keys().next().value!);
    keptLoaders.set(key, kept);
  }
  return `<script nonce="${nonce}">${kept.head}${json(nonce)}${kept.tail}`;
}

/**
 * The rewritten document as pieces to join (views into `html` and the new text), or null when it
 * has no module script to rewrite. Only the places the tags can be are read and decoded: React
 * puts the preloads in the head, and the module script is the last one (a search page is a
 * quarter of a megabyte).
 */
export function deferredScriptPieces(html: Buffer): Buffer[] | null {
  const marker = html.lastIndexOf(' type="module" async="">');
  const scriptStart = marker === -1 ? -1 : html.lastIndexOf("<script", marker);
  const scriptEnd = marker === -1 ? -1 : html.indexOf("</script>", marker);
  if (scriptStart === -1 || scriptEnd === -1) return null;
  const end = scriptEnd + "</script>".length;
  const script = MODULE_SCRIPT.exec(html.toString("utf8", scriptStart, end));
  if (!script || script.index !== 0 || script[0].length !== end - scriptStart) return null;
  const [, nonce = "", content = ""] = script;
  const headEnd = html.indexOf("</head>");
  const preloadsEnd = headEnd === -1 || headEnd > scriptStart ? scriptStart : headEnd;
  const preloads: string[] = [];
  const before = html.toString("utf8", 0, preloadsEnd).replace(PRELOAD, (_tag, href: string) => {
    preloads.push(href);
    return "";
  });
  return [Buffer.from(before, "utf8"), html.subarray(preloadsEnd, scriptStart), Buffer.from(loaderScript(nonce, preloads, content), "utf8"), html.subarray(end)];
}

/** Rewrites a whole document held as bytes (see the stream version for responses sent as they render). */
export function deferScriptsInBytes(html: Buffer): Buffer {
  const pieces = deferredScriptPieces(html);
  return pieces ? Buffer.concat(pieces) : html;
}

/**
 * The same rewrite on a streamed document. Text passes through as it comes, except what could
 * be the start of a tag to rewrite: that is held until the tag is complete.
 */
export function deferScriptsStream(): Transform {
  const decoder = new StringDecoder("utf8");
  const preloads: string[] = [];
  let pending = "";
  let done = false;

  const process = (final: boolean): string => {
    if (done) {
      const out = pending;
      pending = "";
      return out;
    }
    pending = pending.replace(PRELOAD, (_tag, href: string) => {
      preloads.push(href);
      return "";
    });
    const script = MODULE_SCRIPT.exec(pending);
    if (script) {
      const [tag, nonce = "", content = ""] = script;
      const out = pending.replace(tag, () => loaderScript(nonce, preloads, content));
      pending = "";
      done = true;
      return out;
    }
    if (final) {
      const out = pending;
      pending = "";
      return out;
    }
    // Hold back a script that has not ended yet, or a tag still being written.
    let cut = pending.length;
    const scriptStart = pending.lastIndexOf("<script");
    if (scriptStart !== -1 && pending.indexOf("</script>", scriptStart) === -1) cut = scriptStart;
    else {
      const tagStart = pending.lastIndexOf("<");
      if (tagStart !== -1 && pending.indexOf(">", tagStart) === -1) cut = tagStart;
    }
    const out = pending.slice(0, cut);
    pending = pending.slice(cut);
    return out;
  };

  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      pending += decoder.write(chunk);
      const out = process(false);
      callback(null, out.length ? Buffer.from(out, "utf8") : undefined);
    },
    flush(callback) {
      pending += decoder.end();
      const out = process(true);
      callback(null, out.length ? Buffer.from(out, "utf8") : undefined);
    },
  });
}
