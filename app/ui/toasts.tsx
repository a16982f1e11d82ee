import { useEffect } from "react";
import { useLocation } from "react-router";
import { Toaster, toast } from "sonner";

// Spec constants: top-right, 5000 ms by default, light theme; sonner pauses on hover and
// while the page is hidden, and its exit animation is in the 300 ms range.
export const TOAST_DURATION_MS = 5000;
export const TOPBAR_TOAST_DURATION_MS = 1000;

const ID_CLASS_PREFIX = "toast-id-";
let sequence = 0;

type ToastKind = "success" | "error" | "info";

/** Shows a toast that closes on click (and on the next address change). */
export function notify(message: string, options: { kind?: ToastKind; duration?: number } = {}): string {
  const id = `t${Date.now().toString(36)}${(sequence++).toString(36)}`;
  const kind = options.kind ?? "success";
  toast[kind](message, { id, className: `${ID_CLASS_PREFIX}${id}`, duration: options.duration ?? TOAST_DURATION_MS });
  return id;
}

function dismissOnClick(event: MouseEvent) {
  const element = (event.target as Element | null)?.closest?.("[data-sonner-toast]");
  if (!element) return;
  const idClass = Array.from(element.classList).find((c) => c.startsWith(ID_CLASS_PREFIX));
  if (idClass) toast.dismiss(idClass.slice(ID_CLASS_PREFIX.length));
}

export function Toasts() {
  const location = useLocation();

  useEffect(() => {
    document.addEventListener("click", dismissOnClick);
    return () => document.removeEventListener("click", dismissOnClick);
  }, []);

  // Close every toast when the address changes.
  useEffect(() => {
    toast.dismiss();
  }, [location.pathname]);

  return <Toaster position="top-right" duration={TOAST_DURATION_MS} theme="light" richColors closeButton={false} offset={16} />;
}
