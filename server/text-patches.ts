// Patches of a dependency's code by exact text, for the server build's plugins (decision 012).
// Each patched text must be found exactly once (at least once for a patch marked `everywhere`):
// a build whose dependency no longer holds it stops, so an upgrade is reviewed where the patch
// is written.

export interface TextPatch {
  /** The dependency's code as it is, found in one of its files. */
  find: string;
  /** What takes its place: the text, or made from the text found (a call kept, say). */
  replace: string | ((found: string) => string);
  /** Every occurrence is replaced (at least one must be found), rather than exactly one. */
  everywhere?: boolean;
}

/**
 * `code` with every patch found in it applied, each patch found added to `applied`; `fail` is
 * called (and must throw) when a patched text is found twice.
 */
export function applyTextPatches(code: string, patches: readonly TextPatch[], applied: Set<TextPatch>, fail: (message: string) => never): string {
  let patched = code;
  for (const patch of patches) {
    const at = patched.indexOf(patch.find);
    if (at < 0) continue;
    const replacement = typeof patch.replace === "string" ? patch.replace : patch.replace(patch.find);
    if (patch.everywhere) patched = patched.split(patch.find).join(replacement);
    else if (patched.indexOf(patch.find, at + 1) >= 0) fail(`a patched text is found twice: ${patch.find.slice(0, 60)}`);
    else patched = patched.slice(0, at) + replacement + patched.slice(at + patch.find.length);
    applied.add(patch);
  }
  return patched;
}

interface PluginErrorContext {
  error(message: string): never;
}

/**
 * The `transform` and `buildEnd` hooks of a patch plugin: `patches` applied to the modules
 * `appliesTo` accepts (`prefix` put before a module that was patched), and the build stopped when
 * a patched text is found twice or, at its end, when one was never found.
 */
export function textPatchHooks(options: {
  /** The plugin's short name, in its errors. */
  label: string;
  /** The patched dependency, as its errors name it ("postgres.js"). */
  dependency: string;
  /** The plugin's file, which the errors send a reviewer to. */
  source: string;
  /** Whether the module with this id is one the patches are written for. */
  appliesTo: (id: string) => boolean;
  patches: readonly TextPatch[];
  prefix?: string;
}) {
  const { label, dependency, source, appliesTo, patches, prefix = "" } = options;
  const applied = new Set<TextPatch>();
  return {
    transform(this: PluginErrorContext, code: string, id: string) {
      if (!appliesTo(id)) return null;
      const patched = applyTextPatches(code, patches, applied, (message) => this.error(`${label}: ${message} in ${id}; review ${source}`));
      return patched === code ? null : { code: `${prefix}${patched}`, map: null };
    },
    buildEnd(this: PluginErrorContext) {
      const missing = patches.filter((patch) => !applied.has(patch));
      if (missing.length > 0) this.error(`${label}: ${missing.length} patch(es) no longer match ${dependency}'s code; review ${source} after an upgrade`);
    },
  };
}
