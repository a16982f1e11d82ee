import { useState } from "react";
import { NewsletterDialog } from "./newsletter-dialog";

/** "Subscribe again": opens the newsletter dialog in place (it needs JavaScript, like the top bar's). */
export function SubscribeAgainButton({ captcha, label = "Subscribe again" }: { captcha: boolean; label?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="btn-primary w-full sm:w-auto" onClick={() => setOpen(true)}>
        {label}
      </button>
      <NewsletterDialog open={open} onOpenChange={setOpen} captcha={captcha} />
    </>
  );
}
