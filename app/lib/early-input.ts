/**
 * Input made before the app ran.
 *
 * A page works before its scripts load (decision 007), so a visitor may type or choose in a
 * field before React is attached to it. The change reaches no handler, and a field React
 * controls gets its rendered value back on its next render: a make chosen in the hub's quick
 * search, a price typed into the finance calculator, a fuel chosen above a model's versions were
 * all undone. Once the page has hydrated, each field whose value is not the one the server
 * rendered has its change sent again, as if the visitor had made it then.
 *
 * React notices an input's change by comparing the value with the one its tracker last saw
 * (the tracker wraps the field's own `value` setter), so the rendered value is set through that
 * setter and the visitor's value put back through the element's prototype, unseen by the
 * tracker; a select's change event is taken as it comes. Hydration itself gives a text field
 * React controls its rendered value back, so what the fields hold is noted just before it.
 */

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

// Fields whose value is a choice of text; boxes and buttons keep their state in the page (a
// box ticked early is still ticked, and sent with its form).
const NOT_TEXT = new Set(["hidden", "checkbox", "radio", "submit", "reset", "button", "image", "file"]);

/** The value the server rendered into a field: its value attribute, or its select's preselected option. */
function renderedValue(field: Field): string | null {
  if (field instanceof HTMLSelectElement) {
    if (field.multiple || field.options.length === 0) return null;
    const preselected = Array.from(field.options).find((option) => option.defaultSelected) ?? field.options[0]!;
    return preselected.value;
  }
  if (field instanceof HTMLInputElement && NOT_TEXT.has(field.type)) return null;
  return field.defaultValue;
}

const fieldsOf = (root: ParentNode) => root.querySelectorAll<Field>("input, textarea, select");

/** What fields held before hydration, where it was not the rendered value. */
let notedBeforeHydration = new Map<Field, string>();

/** Notes, just before hydration, every field a visitor has already changed. */
export function noteEarlyInput(root: ParentNode = document): void {
  notedBeforeHydration = new Map();
  for (const field of fieldsOf(root)) {
    const rendered = renderedValue(field);
    if (rendered !== null && field.value !== rendered) notedBeforeHydration.set(field, field.value);
  }
}

/** Sends again the change of every field in `root` whose value differs from the rendered one; returns how many. */
export function replayEarlyInput(root: ParentNode = document): number {
  const noted = notedBeforeHydration;
  notedBeforeHydration = new Map();
  let replayed = 0;
  for (const field of fieldsOf(root)) {
    const rendered = renderedValue(field);
    if (field.disabled || rendered === null) continue;
    // The field's value when it still differs (the latest); else the one hydration undid.
    const chosen = field.value !== rendered ? field.value : noted.get(field);
    if (chosen === undefined || chosen === rendered) continue;
    if (field instanceof HTMLSelectElement) {
      field.value = chosen;
      field.dispatchEvent(new Event("change", { bubbles: true }));
    } else {
      const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
      field.value = rendered;
      Object.getOwnPropertyDescriptor(prototype, "value")!.set!.call(field, chosen);
      field.dispatchEvent(new Event("input", { bubbles: true }));
    }
    replayed += 1;
  }
  return replayed;
}
