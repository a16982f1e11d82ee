import { Mail } from "lucide-react";
import { type FormEvent, useEffect, useRef } from "react";
import { data, Form, useFormAction, useNavigation } from "react-router";
import { submitContactMessage } from "~/features/contact/mutations.server";
import {
  CONTACT_LIMITS,
  CONTACT_SUCCESS_MESSAGE,
  type ContactField,
  type ContactValues,
  contactSchema,
  contactValues,
} from "~/features/contact/schemas";
import { CAPTCHA_FIELD, captchaEnabled, verifyCaptcha } from "~/lib/captcha.server";
import { publicUrl } from "~/lib/env.server";
import { assertSameOrigin, clientIp, formRateLimit, rateLimit, readForm, TOO_MANY_REQUESTS_MESSAGE, visitorId } from "~/lib/security.server";
import { pageMeta } from "~/lib/seo";
import { site } from "~/lib/site";
import { CaptchaField } from "~/ui/captcha-field";
import { type FieldErrors, FormErrorSummary, FormSuccess, hasErrors, SubmitButton, TextAreaField, TextField, toFieldErrors } from "~/ui/form";
import { notify } from "~/ui/toasts";
import { useCheckedForm } from "~/ui/use-checked-form";
import type { Route } from "./+types/contact";
import { publicPageHeaders } from "~/lib/http-cache";
import type { PageQueryHandle } from "~/lib/page-query";

// The form page is the same for every visitor (the captcha challenge is fetched per visitor), so it is
// cacheable; answers to the form post never are (docs/decisions/005-http-caching.md).
export const headers = publicPageHeaders;
export const handle: PageQueryHandle = { query: [] };

export function loader() {
  return { captcha: captchaEnabled(), contactEmail: site.contactEmail, origin: publicUrl() };
}

type ContactFailure = { ok: false; formError?: string; fieldErrors?: FieldErrors<ContactField>; values: ContactValues };

export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  const form = await readForm(request);
  const values = contactValues(form);

  const limit = await rateLimit(`contact:${clientIp(context)}`, formRateLimit());
  if (!limit.ok) {
    return data<ContactFailure>(
      { ok: false, formError: TOO_MANY_REQUESTS_MESSAGE, values },
      { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } },
    );
  }
  const captcha = await verifyCaptcha(form.get(CAPTCHA_FIELD));
  if (!captcha.ok) return data<ContactFailure>({ ok: false, formError: captcha.message, values }, { status: 400 });

  const parsed = contactSchema.safeParse(values);
  if (!parsed.success) {
    return data<ContactFailure>({ ok: false, fieldErrors: toFieldErrors<ContactField>(parsed.error), values }, { status: 400 });
  }
  await submitContactMessage(parsed.data, { visitorId: visitorId(request) });
  return { ok: true as const };
}

const PHONE_HINT = "South African number, for example 082 123 4567 or +27 82 123 4567.";

export default function ContactPage({ loaderData, actionData }: Route.ComponentProps) {
  const { captcha, contactEmail } = loaderData;
  const navigation = useNavigation();
  const formAction = useFormAction();
  const pending = navigation.state === "submitting" && navigation.formAction?.split("?")[0] === formAction.split("?")[0];

  const formRef = useRef<HTMLFormElement>(null);
  const failure = actionData && !actionData.ok ? actionData : undefined;
  const { summaryRef, errors, formError, setClientErrors, setCaptchaStatus, onSubmit } = useCheckedForm<ContactField>({
    schema: contactSchema,
    values: contactValues,
    captcha,
    failure,
    captchaFailedMessage: "We could not check that you are human. Choose “Try again” below the message, then send the form.",
  });
  const values = failure?.values ?? {};

  useEffect(() => {
    if (actionData?.ok) {
      notify(CONTACT_SUCCESS_MESSAGE);
      formRef.current?.reset();
    }
  }, [actionData]);

  // Once errors show, re-check as the visitor types so fixed fields clear (new ones never appear).
  function onChange(event: FormEvent<HTMLFormElement>) {
    if (!hasErrors(errors)) return;
    const result = contactSchema.safeParse(contactValues(new FormData(event.currentTarget)));
    const now = result.success ? {} : toFieldErrors<ContactField>(result.error);
    const next: FieldErrors<ContactField> = {};
    for (const key of Object.keys(errors) as ContactField[]) if (now[key]) next[key] = now[key];
    setClientErrors(next);
  }

  return (
    <div className="container-page py-8 sm:py-12">
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)] lg:gap-12">
        <div>
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Contact us</h1>
          <p className="mt-4 leading-7 text-slate-700 dark:text-slate-300">
            A question about a car, a price or the site? A correction to suggest, or a partnership in mind? Send us a message and our team
            will get back to you.
          </p>
          <div className="card mt-6 p-5">
            <h2 className="flex items-center gap-2 text-base font-semibold">
              <Mail aria-hidden="true" className="size-5 text-primary-600 dark:text-primary-400" strokeWidth={1.75} />
              Email us
            </h2>
            <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
              <a className="link break-all" href={`mailto:${contactEmail}`}>
                {contactEmail}
              </a>
            </p>
            <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">We reply within two working days.</p>
          </div>
        </div>

        <div className="card p-5 sm:p-8">
          <h2 className="text-xl font-semibold">Send us a message</h2>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">All fields are required unless marked optional.</p>

          {actionData?.ok ? <FormSuccess className="mt-6">{CONTACT_SUCCESS_MESSAGE}</FormSuccess> : null}

          <Form ref={formRef} method="post" noValidate onSubmit={onSubmit} onChange={onChange} className="mt-6 space-y-5">
            <FormErrorSummary ref={summaryRef} formError={formError} errors={errors} />
            <TextField
              label="Name"
              name="name"
              type="text"
              autoComplete="name"
              maxLength={CONTACT_LIMITS.name}
              defaultValue={values.name}
              error={errors.name}
            />
            <TextField
              label="Email"
              name="email"
              type="email"
              inputMode="email"
              autoComplete="email"
              maxLength={CONTACT_LIMITS.email}
              defaultValue={values.email}
              error={errors.email}
            />
            <TextField
              label="Phone"
              name="phone"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              optional
              maxLength={20}
              hint={PHONE_HINT}
              defaultValue={values.phone}
              error={errors.phone}
            />
            <TextField
              label="Subject"
              name="subject"
              maxLength={CONTACT_LIMITS.subject}
              defaultValue={values.subject}
              error={errors.subject}
            />
            <TextAreaField
              label="Message"
              name="message"
              rows={7}
              maxLength={CONTACT_LIMITS.messageMax}
              hint={`Between ${CONTACT_LIMITS.messageMin} and ${CONTACT_LIMITS.messageMax} characters.`}
              defaultValue={values.message}
              error={errors.message}
            />
            <CaptchaField enabled={captcha} resetKey={actionData} onStatusChange={setCaptchaStatus} />
            <SubmitButton pending={pending} pendingLabel="Sending…">
              Send message
            </SubmitButton>
          </Form>
        </div>
      </div>
    </div>
  );
}

export function meta({ loaderData, location }: Route.MetaArgs) {
  return pageMeta({
    title: "Contact us",
    description: `Contact the ${site.name} team: questions about new cars, prices, corrections or partnerships. We reply within two working days.`,
    pathname: location.pathname,
    origin: loaderData?.origin ?? site.url,
  });
}
