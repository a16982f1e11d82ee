import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { TOAST_DURATION_MS } from "./toast-settings";


const LazyToaster = lazy(() => import("./toaster"));
const loadSonner = () => import("sonner");

const ID_CLASS_PREFIX = "toast-id-";
let sequence = 0;

// The mounted <Toasts> registers how to mount the toaster; notify() waits until it listens.
let requestToaster: (() => void) | undefined;
let toasterReady: Promise<void> | undefined;
let markToasterReady: (() => void) | undefined;

function whenToasterReady(): Promise<void> {
  toasterReady ??= new Promise((resolve) => {
    markToasterReady = resolve;
  });
  requestToaster?.();
  return toasterReady;
}

type ToastKind = "success" | "error" | "info";

/** Shows a toast that closes on click (and on the next address change). */
export function notify(message: string, options: { kind?: ToastKind; duration?: number } = {}): string {
  const id = `t${Date.now().toString(36)}${(sequence++).toString(36)}`;
  const kind = options.kind ?? "success";
  void Promise.all([loadSonner(), whenToasterReady()]).then(([{ toast }]) => {
    toast[kind](message, { id, className: `${ID_CLASS_PREFIX}${id}`, duration: options.duration ?? TOAST_DURATION_MS });
  });
  return id;
}

async function dismissOnClick(event: MouseEvent) {
  const element = (event.target as Element | null)?.closest?.("[data-sonner-toast]");
  if (!element) return;
  const idClass = Array.from(element.classList).find((c) => c.startsWith(ID_CLASS_PREFIX));
  if (idClass) (await loadSonner()).toast.dismiss(idClass.slice(ID_CLASS_PREFIX.length));
}

export function Toasts() {
  const location = useLocation();
  const [mounted, setMounted] = useState(false);
  const onReady = useCallback(() => markToasterReady?.(), []);

  useEffect(() => {
    requestToaster = () => setMounted(true);
    if (toasterReady) setMounted(true);
    document.addEventListener("click", dismissOnClick);
    return () => {
      requestToaster = undefined;
      document.removeEventListener("click", dismissOnClick);
    };
  }, []);

  // Close every toast when the address changes.
  const lastPath = useRef(location.pathname);
  useEffect(() => {
    if (lastPath.current === location.pathname) return;
    lastPath.current = location.pathname;
    if (toasterReady) void loadSonner().then(({ toast }) => toast.dismiss());
  }, [location.pathname]);

  return mounted ? (
    <Suspense fallback={null}>
      <LazyToaster onReady={onReady} />
    </Suspense>
  ) : null;
}
