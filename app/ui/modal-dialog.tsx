import { X } from "lucide-react";
import { Dialog } from "radix-ui";
import { useRef } from "react";

/**
 * Focus handlers for a Radix dialog opened without a Radix Trigger (a lazy-loaded panel, an
 * event from elsewhere on the page): remember what had focus when it opened and give it back on
 * close. With `initialFocus`, start in the first element inside the dialog that matches it.
 */
export function useReturnFocus(initialFocus?: string) {
  const returnFocus = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus(event: Event) {
      returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      const content = event.currentTarget instanceof HTMLElement ? event.currentTarget : null;
      const first = initialFocus ? content?.querySelector<HTMLElement>(initialFocus) : null;
      if (first) {
        event.preventDefault();
        first.focus();
      }
    },
    onCloseAutoFocus(event: Event) {
      if (returnFocus.current?.isConnected) {
        event.preventDefault();
        returnFocus.current.focus();
      }
    },
  };
}

interface ModalDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: React.ReactNode;
  description: React.ReactNode;
  /** Replaces the title's look (e.g. "sr-only" when the body carries its own heading). */
  titleClassName?: string;
  descriptionClassName?: string;
  /** A selector for the element to focus on opening (default: Radix's first focusable). */
  initialFocus?: string;
  overlayTestId?: string;
  /** Extra classes for the panel (e.g. a named enter/leave animation keyed on data-state). */
  contentClassName?: string;
  children: React.ReactNode;
}

/**
 * The site's modal popup (newsletter, sign in): full screen on phones, a 480 px card from 640 px,
 * stacked above the sticky header and the side menu (z 1500-2001), from which it can be opened.
 * Radix traps focus, closes on Escape and on the overlay; focus goes back where it was.
 */
export function ModalDialog({
  open,
  onOpenChange,
  title,
  description,
  titleClassName = "pr-8 text-2xl font-bold tracking-tight",
  descriptionClassName = "mt-2 text-slate-700 dark:text-slate-300",
  initialFocus,
  overlayTestId,
  contentClassName,
  children,
}: ModalDialogProps) {
  const focus = useReturnFocus(initialFocus);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[2050] bg-slate-950/60 transition-opacity duration-200 starting:opacity-0" data-testid={overlayTestId} />
        <Dialog.Content
          onOpenAutoFocus={focus.onOpenAutoFocus}
          onCloseAutoFocus={focus.onCloseAutoFocus}
          className={[
            "fixed inset-0 z-[2051] flex flex-col overflow-y-auto bg-white p-6 pt-14 text-slate-900 shadow-xl dark:bg-slate-900 dark:text-slate-100",
            "sm:inset-auto sm:top-1/2 sm:left-1/2 sm:max-h-[calc(100dvh-2rem)] sm:w-[calc(100%-2rem)] sm:max-w-[480px] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-[var(--radius-card)] sm:p-8 sm:pt-8",
            "transition-[opacity,scale] duration-200 starting:scale-95 starting:opacity-0",
            contentClassName,
          ]
            .filter(Boolean)
            .join(" ")}
        >
          <Dialog.Close
            aria-label="Close"
            className="absolute top-3 right-3 inline-flex size-10 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-slate-100"
          >
            <X aria-hidden="true" className="size-5" strokeWidth={1.75} />
          </Dialog.Close>
          <Dialog.Title className={titleClassName}>{title}</Dialog.Title>
          <Dialog.Description className={descriptionClassName}>{description}</Dialog.Description>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** A button that closes the surrounding ModalDialog. */
export const ModalClose = Dialog.Close;
