import { Search } from "lucide-react";
import { lazy, Suspense, useEffect, useId, useRef, useState } from "react";
import { Form } from "react-router";
import type { ComboboxState, InputHandlers } from "./search-combobox";
import { Icon } from "~/ui/icon";

// The interactive part (suggestions, keyboard, overlay) loads on first focus or hover, keeping
// it out of every page's initial JavaScript. Until then this is a plain GET form: Enter or the
// magnifier button goes to the full new-car search, with or without JavaScript.
const SearchSuggestions = lazy(() => import("./search-suggestions"));

const SEARCH_PAGE_PATH = "/voitures-neuves/recherche";
const SEARCH_PLACEHOLDER = "Find a brand or model";

export function SearchField() {
  const id = useId();
  const inputId = `${id}-input`;
  const listId = `${id}-list`;
  const inputRef = useRef<HTMLInputElement>(null);
  const handlers = useRef<InputHandlers | null>(null);
  const [interactive, setInteractive] = useState(false);
  const [combobox, setCombobox] = useState<ComboboxState>({ expanded: false });
  const wake = () => setInteractive(true);

  // Letters typed before the app ran are in the field, but its focus reached no handler: wake the
  // suggestions for them (they read the field's text when they load).
  useEffect(() => {
    const input = inputRef.current;
    if (input && (input.value !== "" || document.activeElement === input)) setInteractive(true);
  }, []);

  return (
    <Form role="search" method="get" action={SEARCH_PAGE_PATH} className="relative w-full" onPointerEnter={wake}>
      <label htmlFor={inputId} className="sr-only">
        Search new cars by brand or model
      </label>
      <div className="relative z-[2001]">
        {/* The magnifier is the form's submit button, a way to send the search that is not the Enter key. It comes before the
            field, where it is drawn, so Tab from the field reaches the suggestions panel (the combobox's popup) next. */}
        <button
          type="submit"
          className="absolute inset-y-0 left-0 flex w-10 items-center justify-center rounded-l-[var(--radius-control)] text-slate-500 hover:text-primary-700 focus-visible:outline-offset-[-2px] dark:text-slate-400 dark:hover:text-primary-300"
          aria-label="Search"
          title="Search"
        >
          <Icon name="search" className="size-5" />
        </button>
        <input
          ref={inputRef}
          id={inputId}
          name="q"
          type="text"
          inputMode="search"
          enterKeyHint="search"
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          maxLength={100}
          placeholder={SEARCH_PLACEHOLDER}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={combobox.expanded}
          aria-controls={listId}
          aria-activedescendant={combobox.activeId}
          className="input h-10 py-2 pr-10 pl-10"
          onFocus={wake}
          onChange={(event) => handlers.current?.onInput(event.currentTarget.value)}
          onKeyDown={(event) => handlers.current?.onKeyDown(event)}
        />
      </div>
      {interactive ? (
        <Suspense fallback={null}>
          <SearchSuggestions inputRef={inputRef} handlers={handlers} listId={listId} onComboboxChange={setCombobox} />
        </Suspense>
      ) : null}
    </Form>
  );
}
