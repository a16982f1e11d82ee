import { Search } from "lucide-react";
import { lazy, Suspense, useId, useRef, useState } from "react";
import { Form } from "react-router";

// The interactive part (suggestions, keyboard, overlay) loads on first focus or hover, keeping
// it out of every page's initial JavaScript. Until then this is a plain GET form: Enter goes to
// the full new-car search, with or without JavaScript.
const SearchSuggestions = lazy(() => import("./search-suggestions"));

export const SEARCH_PAGE_PATH = "/voitures-neuves/recherche";
export const SEARCH_PLACEHOLDER = "Find a brand or model";

/** What the input shows of the popup's state (WAI-ARIA combobox). */
export interface ComboboxState {
  expanded: boolean;
  activeId?: string;
}

/** The popup's handlers for the input's events, set once it has loaded. */
export interface InputHandlers {
  onInput(value: string): void;
  onKeyDown(event: React.KeyboardEvent<HTMLInputElement>): void;
}

export function SearchField() {
  const id = useId();
  const inputId = `${id}-input`;
  const listId = `${id}-list`;
  const inputRef = useRef<HTMLInputElement>(null);
  const handlers = useRef<InputHandlers | null>(null);
  const [interactive, setInteractive] = useState(false);
  const [combobox, setCombobox] = useState<ComboboxState>({ expanded: false });
  const wake = () => setInteractive(true);

  return (
    <Form role="search" method="get" action={SEARCH_PAGE_PATH} className="relative w-full" onPointerEnter={wake}>
      <label htmlFor={inputId} className="sr-only">
        Search new cars by brand or model
      </label>
      <div className="relative z-[2001]">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-slate-500 dark:text-slate-400"
          strokeWidth={1.75}
          aria-hidden="true"
        />
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
