import { type KeyboardEvent, type PointerEvent, useCallback, useRef, useState } from "react";

// The gallery's controls, shared by the page's gallery and its full-screen viewer.

const SWIPE_PX = 40;

export function useGalleryIndex(count: number, initial = 0) {
  const [index, setIndex] = useState(initial);
  const go = useCallback((step: number) => setIndex((i) => (count === 0 ? 0 : (i + step + count) % count)), [count]);
  return { index, setIndex, next: () => go(1), previous: () => go(-1) };
}

/** Arrow keys on a focused gallery; true when the key was used. */
export function galleryKey(event: KeyboardEvent, moves: { next: () => void; previous: () => void; first: () => void; last: () => void }): boolean {
  const actions: Record<string, () => void> = { ArrowRight: moves.next, ArrowLeft: moves.previous, Home: moves.first, End: moves.last };
  const action = actions[event.key];
  if (!action) return false;
  event.preventDefault();
  action();
  return true;
}

/** Pointer handlers for a horizontal swipe (vertical scrolling stays the browser's: touch-action pan-y). */
export function useSwipe(onSwipe: (direction: 1 | -1) => void) {
  const start = useRef<{ x: number; y: number; id: number } | null>(null);
  return {
    onPointerDown(event: PointerEvent) {
      if (event.pointerType === "mouse" && event.button !== 0) return;
      start.current = { x: event.clientX, y: event.clientY, id: event.pointerId };
    },
    onPointerUp(event: PointerEvent) {
      const from = start.current;
      start.current = null;
      if (!from || from.id !== event.pointerId) return;
      const dx = event.clientX - from.x;
      const dy = event.clientY - from.y;
      if (Math.abs(dx) >= SWIPE_PX && Math.abs(dx) > Math.abs(dy)) onSwipe(dx < 0 ? 1 : -1);
    },
    onPointerCancel() {
      start.current = null;
    },
  };
}
