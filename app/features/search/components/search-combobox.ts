// What the search field and its lazily loaded suggestions tell each other: the field imports
// the popup only on first use, so the types they share live here rather than in either.

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
