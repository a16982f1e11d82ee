import { LoaderCircle } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { type FieldSuggestion as Suggestion, MIN_QUERY_LENGTH, fullSearchUrl, suggestionUrl } from "../suggestions";
import type { ComboboxState, InputHandlers } from "./search-combobox";
import { groupDigits } from "~/lib/format";

const DEBOUNCE_MS = 500;

type Status = "idle" | "loading" | "done";

interface Props {
  inputRef: React.RefObject<HTMLInputElement | null>;
  handlers: React.RefObject<InputHandlers | null>;
  listId: string;
  onComboboxChange: (state: ComboboxState) => void;
}

const optionKey = (item: Suggestion) => (item.type === "model" ? `model-${item.model_id}` : item.type === "used" ? `used-${item.url}` : `news-${item.post_id}`);
const badge = "shrink-0 rounded bg-primary-50 px-1.5 py-0.5 text-[0.6875rem] font-bold tracking-wide text-primary-800 uppercase dark:bg-slate-800 dark:text-primary-300";

/** The search field's suggestions popup: debounced fetch, listbox, keyboard, overlay. */
export default function SearchSuggestions({ inputRef, handlers, listId, onComboboxChange }: Props) {
  const navigate = useNavigate();
  const [status, setStatus] = useState<Status>("idle");
  const [items, setItems] = useState<Suggestion[]>([]);
  const [query, setQuery] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const request = useRef<AbortController>(undefined);

  const cancel = useCallback(() => {
    clearTimeout(timer.current);
    request.current?.abort();
  }, []);

  const close = useCallback(() => {
    cancel();
    setOpen(false);
    setActive(-1);
    setStatus("idle");
  }, [cancel]);

  const load = useCallback((text: string) => {
    const controller = new AbortController();
    request.current = controller;
    setStatus("loading");
    setItems([]);
    setActive(-1);
    setOpen(false);
    fetch(`/suggestions?${new URLSearchParams({ q: text })}`, { signal: controller.signal, headers: { accept: "application/json" } })
      .then(async (response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        return ((await response.json()) as { data: Suggestion[] }).data;
      })
      .then((data) => {
        // An answer that arrived as a newer text was typed: aborting cannot take back a settled fetch.
        if (controller.signal.aborted) return;
        setItems(data);
        setQuery(text);
        setStatus("done");
        setOpen(true);
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        // Logged only: the visitor can still press Enter for the full search.
        console.error("Search suggestions failed", error);
        setStatus("idle");
      });
  }, []);

  const onInput = useCallback(
    (value: string) => {
      cancel();
      const text = value.trim();
      if (text.length < MIN_QUERY_LENGTH) {
        setItems([]);
        close();
        return;
      }
      timer.current = setTimeout(() => load(text), DEBOUNCE_MS);
    },
    [cancel, close, load],
  );

  const choose = useCallback(
    (item: Suggestion) => {
      close();
      if (inputRef.current) inputRef.current.value = "";
      setItems([]);
      void navigate(suggestionUrl(item));
    },
    [close, inputRef, navigate],
  );

  const expanded = open && items.length > 0;

  const onKeyDown = useCallback(
    (event: React.KeyboardEvent<HTMLInputElement>) => {
      const count = items.length;
      switch (event.key) {
        case "ArrowDown":
          if (count === 0) return;
          event.preventDefault();
          if (!open) {
            setOpen(true);
            setActive(0);
          } else setActive((i) => (i + 1) % count);
          return;
        case "ArrowUp":
          if (count === 0) return;
          event.preventDefault();
          if (!open) {
            setOpen(true);
            setActive(count - 1);
          } else setActive((i) => (i <= 0 ? count - 1 : i - 1));
          return;
        case "Enter": {
          const item = expanded ? items[active] : undefined;
          if (item) {
            event.preventDefault();
            choose(item);
          } else cancel(); // the form submits to the full search
          return;
        }
        case "Escape":
          if (open || status === "loading") {
            event.preventDefault();
            close();
          } else if (event.currentTarget.value) {
            event.preventDefault();
            event.currentTarget.value = "";
            setItems([]);
          }
          return;
        case "Tab":
          if (expanded) close();
          return;
      }
    },
    [active, cancel, choose, close, expanded, items, open, status],
  );

  // The input's events come here from now on; text typed while this code loaded is searched now.
  useEffect(() => {
    handlers.current = { onInput, onKeyDown };
  }, [handlers, onInput, onKeyDown]);
  useEffect(() => {
    const value = inputRef.current?.value ?? "";
    if (value) onInput(value);
    return () => {
      handlers.current = null;
      cancel();
    };
    // Once, on load.
  }, []);

  // Focus leaving the field and its panel (Tab past the last link, another window) closes it.
  useEffect(() => {
    const form = inputRef.current?.form;
    if (!form) return;
    const onFocusOut = (event: FocusEvent) => {
      if (!(event.relatedTarget instanceof Node && form.contains(event.relatedTarget))) close();
    };
    form.addEventListener("focusout", onFocusOut);
    return () => form.removeEventListener("focusout", onFocusOut);
  }, [close, inputRef]);

  const activeId = expanded && active >= 0 ? `${listId}-${active}` : undefined;
  useEffect(() => onComboboxChange({ expanded, activeId }), [expanded, activeId, onComboboxChange]);

  // Keep the active option in view in a scrolled list.
  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView({ block: "nearest" });
  }, [activeId]);

  const announcement =
    status === "loading"
      ? "Searching…"
      : open
        ? items.length === 0
          ? "No match"
          : `${items.length} suggestion${items.length === 1 ? "" : "s"}; use the up and down arrow keys to choose.`
        : "";

  return (
    <>
      {status === "loading" ? (
        <span className="absolute top-1/2 right-3 z-[2002] -translate-y-1/2" data-testid="search-loading">
          <LoaderCircle className="size-5 animate-spin text-primary-600 motion-reduce:animate-none dark:text-primary-300" strokeWidth={1.75} aria-hidden="true" />
        </span>
      ) : null}
      <p role="status" className="sr-only">
        {announcement}
      </p>
      {open ? (
        // Behind the panel, over the rest of the page (tall enough wherever the header sits).
        <div
          className="fixed inset-x-0 top-[-100vh] z-[2000] h-[300vh] bg-slate-950/25 dark:bg-black/50"
          // The field keeps focus (no focusout), the click closes.
          onMouseDown={(event) => event.preventDefault()}
          onClick={close}
          aria-hidden="true"
          data-testid="search-overlay"
        />
      ) : null}
      <div
        onKeyDown={(event) => {
          // From the "search all new cars" link: back to the field, closed.
          if (event.key === "Escape") {
            close();
            inputRef.current?.focus();
          }
        }}
        className={`absolute inset-x-0 top-full z-[2002] mt-2 overflow-hidden rounded-[var(--radius-card)] border border-slate-200 bg-white shadow-[var(--shadow-soft)] dark:border-slate-700 dark:bg-slate-900 ${open ? "" : "hidden"}`}
      >
        <ul id={listId} role="listbox" aria-label="Suggestions" className="max-h-[60vh] overflow-y-auto py-1" hidden={!expanded}>
          {items.map((item, index) => (
            // Chosen by click, or by Enter on the input (focus stays there, aria-activedescendant).
            <li
              key={optionKey(item)}
              id={`${listId}-${index}`}
              role="option"
              data-type={item.type}
              aria-selected={index === active}
              className={`flex cursor-pointer items-baseline gap-2 px-4 py-2.5 text-sm ${index === active ? "bg-primary-50 text-primary-900 dark:bg-slate-800 dark:text-white" : "text-slate-900 dark:text-slate-100"}`}
              onMouseMove={() => setActive(index)}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(item)}
            >
              {item.type === "model" ? (
                <>
                  <span className="font-semibold">{item.model_name}</span>
                  <span className="text-slate-600 dark:text-slate-400">{item.brand_name}</span>
                </>
              ) : item.type === "used" ? (
                <>
                  <span className={badge}>Used</span>
                  <span>
                    <span className="font-semibold">{item.label}</span>
                    <span className="text-slate-600 dark:text-slate-400">
                      : <span className="tabular">{groupDigits(item.count)}</span> {item.count === 1 ? "ad" : "ads"}
                    </span>
                  </span>
                </>
              ) : (
                <>
                  <span className={badge}>News</span>
                  <span className="line-clamp-2">{item.post_title}</span>
                </>
              )}
            </li>
          ))}
        </ul>
        {open && items.length === 0 ? (
          <div className="px-4 py-3 text-sm">
            <p className="font-semibold">No match for “{query}”.</p>
            <p className="mt-1 text-slate-600 dark:text-slate-400">
              Check the spelling, or{" "}
              <Link to={fullSearchUrl(query)} className="link" onClick={close}>
                search all new cars
              </Link>
              .
            </p>
          </div>
        ) : null}
      </div>
    </>
  );
}
