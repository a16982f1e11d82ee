import { type FormEvent, useEffect, useRef, useState } from "react";
import type { ZodType } from "zod";
import type { CaptchaStatus } from "./captcha-field";
import { type FieldErrors, toFieldErrors } from "./form";

// The browser half of a form checked by the same zod schema as its action: the schema's messages
// show before anything is sent, the captcha must be solved first, and after a failed submit the
// error summary takes the focus (pass its ref to FormErrorSummary). The captcha's work starts when
// the visitor starts on the form (`engaged`, for CaptchaField's `active`), not when the page loads:
// a page with a form at its foot would otherwise spend a phone's first seconds hashing. A form
// sent while the check runs is sent by itself once it is done.

const CAPTCHA_FAILED = "We could not check that you are human. Choose “Try again” below the message, then send it.";
const CAPTCHA_PENDING = "One moment: we are checking that you are human, then this is sent.";

type Rules =
  | { schema: ZodType; loadSchema?: never }
  /** Loaded on the form's first focus (or its submit), so the page starts without zod. */
  | { loadSchema: () => Promise<ZodType>; schema?: never };

type CheckedFormOptions<K extends string> = Rules & {
  /** The values the schema reads, from the form's data. */
  values: (data: FormData) => unknown;
  captcha: boolean;
  /** The server's failed answer: shown (and focused) until the browser checks again. */
  failure?: { fieldErrors?: FieldErrors<K>; formError?: string };
  /** The summary's text when the captcha could not be solved. */
  captchaFailedMessage?: string;
};

export function useCheckedForm<K extends string>({ schema, loadSchema, values, captcha, failure, captchaFailedMessage = CAPTCHA_FAILED }: CheckedFormOptions<K>) {
  const summaryRef = useRef<HTMLDivElement>(null);
  // Browser-side results of the schema; null means "show what the server said".
  const [clientErrors, setClientErrors] = useState<FieldErrors<K> | null>(null);
  const [clientFormError, setClientFormError] = useState<string>();
  const [failedSubmits, setFailedSubmits] = useState(0);
  const [captchaStatus, setCaptchaStatus] = useState<CaptchaStatus>("idle");
  const [engaged, setEngaged] = useState(false);
  // A form sent before the captcha was solved, to send again once it is.
  const waitingForm = useRef<HTMLFormElement | null>(null);
  const rules = useRef<ZodType | null>(schema ?? null);
  // A given schema is there from the start: only a loaded one is ever missing.
  const loadRules = async () => {
    rules.current = loadSchema ? await loadSchema() : (schema as ZodType);
  };

  const errors: FieldErrors<K> = clientErrors ?? failure?.fieldErrors ?? {};
  const formError = clientFormError ?? (clientErrors ? undefined : failure?.formError);

  useEffect(() => {
    if (failure) summaryRef.current?.focus();
  }, [failure]);
  useEffect(() => {
    if (failedSubmits > 0) summaryRef.current?.focus();
  }, [failedSubmits]);
  useEffect(() => {
    const form = waitingForm.current;
    if (!form) return;
    if (captchaStatus === "verified") {
      waitingForm.current = null;
      setClientFormError(undefined);
      form.requestSubmit();
    } else if (captchaStatus === "error") {
      waitingForm.current = null;
      setClientFormError(captchaFailedMessage);
      setFailedSubmits((n) => n + 1);
    }
  }, [captchaStatus, captchaFailedMessage]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (!rules.current) {
      // Sent before the rules arrived (no field was focused): check once they are here.
      event.preventDefault();
      const form = event.currentTarget;
      void loadRules().then(
        () => form.requestSubmit(),
        () => form.submit(),
      );
      return;
    }
    const result = rules.current.safeParse(values(new FormData(event.currentTarget)));
    if (!result.success) {
      event.preventDefault();
      setClientFormError(undefined);
      setClientErrors(toFieldErrors<K>(result.error));
      setFailedSubmits((n) => n + 1);
      return;
    }
    if (captcha && captchaStatus !== "verified") {
      event.preventDefault();
      setEngaged(true);
      setClientErrors({});
      if (captchaStatus === "error") {
        setClientFormError(captchaFailedMessage);
        setFailedSubmits((n) => n + 1);
      } else {
        waitingForm.current = event.currentTarget;
        setClientFormError(CAPTCHA_PENDING);
      }
      return;
    }
    setClientErrors(null);
    setClientFormError(undefined);
  }

  /** Starts loading the rules, and the captcha's work, when the visitor starts writing. */
  function onFocus() {
    setEngaged(true);
    if (!rules.current) loadRules().catch(() => {});
  }

  return { summaryRef, errors, formError, setClientErrors, setCaptchaStatus, onSubmit, onFocus, engaged };
}
