// Spec constants: top-right, 5000 ms by default (1000 ms in the top bar), light theme; sonner
// pauses on hover and while the page is hidden; its exit animation is in the 300 ms range.
export const TOAST_DURATION_MS = 5000;
export const TOPBAR_TOAST_DURATION_MS = 1000;
