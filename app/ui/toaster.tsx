import { useEffect } from "react";
import { Toaster } from "sonner";
import { TOAST_DURATION_MS } from "./toast-settings";

// Loaded on the first toast only, so sonner stays out of every page's initial JavaScript.
export default function LazyToaster({ onReady }: { onReady: () => void }) {
  // Runs after Toaster's own effects, i.e. once it listens for toasts.
  useEffect(onReady, [onReady]);
  return <Toaster position="top-right" duration={TOAST_DURATION_MS} theme="light" richColors closeButton={false} offset={16} />;
}
