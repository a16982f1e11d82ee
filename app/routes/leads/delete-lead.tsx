import { formatSouthAfricanDate } from "~/lib/south-african-time";
import { CircleCheck, Link2Off, Trash2 } from "lucide-react";
import { data, Form, Link, type ShouldRevalidateFunctionArgs, useNavigation } from "react-router";
import { deleteLeadByToken, leadOfDeletionToken } from "~/features/leads/lead-deletion.server";
import { assertSameOrigin } from "~/lib/security.server";
import { routeMeta } from "~/lib/seo";
import { SubmitButton } from "~/ui/form";
import type { Route } from "./+types/delete-lead";
import { StatusPanel } from "~/ui/status-panel";

// /trouver-mon-vehicule/supprimer?token=…: the lead confirmation mail's deletion link, no sign-in.
// GET only shows what will be deleted (mail scanners open links); the POST, origin-checked,
// deletes. The signed token is the authority (lead-deletion-token.server.ts).

export async function loader({ request }: Route.LoaderArgs) {
  const found = await leadOfDeletionToken(new URL(request.url).searchParams.get("token"));
  if (!found.ok) return data({ state: "invalid" as const, message: found.message }, { status: found.status });
  return { state: "confirm" as const, lead: found.lead };
}

export async function action({ request }: Route.ActionArgs) {
  assertSameOrigin(request);
  const result = await deleteLeadByToken(new URL(request.url).searchParams.get("token"));
  if (!result.ok) return data({ state: "invalid" as const, message: result.message }, { status: result.status });
  return { state: "done" as const };
}

// After its own POST the page shows the action's answer: reloading the loader would only find the
// lead gone (a 410) and replace "deleted" with "this link does not work".
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod === "POST" ? false : defaultShouldRevalidate;
}

const sentOn = (at: Date | string) => formatSouthAfricanDate(at);

const homeLink = (
  <Link to="/" className="btn-secondary w-full sm:w-auto">
    Back to Voitura
  </Link>
);

export default function DeleteLeadPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const answer = actionData ?? loaderData;

  if (answer.state === "invalid") {
    return (
      <StatusPanel tone="problem" icon={<Link2Off className="size-7" strokeWidth={1.75} />} heading="This link does not work">
        <p role="alert">{answer.message}</p>
        <p className="flex justify-center">{homeLink}</p>
      </StatusPanel>
    );
  }
  if (answer.state === "done") {
    return (
      <StatusPanel tone="success" icon={<CircleCheck className="size-7" strokeWidth={1.75} />} heading="Your request is deleted">
        <p role="status">We deleted your request and your contact details from Voitura.</p>
        <p>Dealers who already received it may keep their copy: ask them directly if you want it deleted there too.</p>
        <p className="flex justify-center">{homeLink}</p>
      </StatusPanel>
    );
  }
  const { lead } = answer;
  return (
    <StatusPanel tone="info" icon={<Trash2 className="size-7" strokeWidth={1.75} />} heading="Delete your request?">
      <p>
        Your request of {sentOn(lead.createdAt)}, sent as <strong className="break-words">{lead.name}</strong> ({lead.email}), will be deleted with your
        contact details.
      </p>
      <ul className="rounded-lg bg-slate-50 p-4 text-left text-sm leading-6 dark:bg-slate-800/60">
        {lead.lines.map((line) => (
          <li key={line} className="break-words">
            {line}
          </li>
        ))}
        <li>{lead.dealers.length ? `Sent to: ${lead.dealers.map((d) => `${d.name} (${d.city})`).join(", ")}` : "Sent to: Voitura's sales team"}</li>
      </ul>
      <Form method="post" className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
        <SubmitButton pending={navigation.state === "submitting"} pendingLabel="Deleting…">
          Delete my request
        </SubmitButton>
        {homeLink}
      </Form>
    </StatusPanel>
  );
}

export function meta(args: Route.MetaArgs) {
  return routeMeta(args, { title: "Delete your request", description: "Delete a request sent with “We help you find your vehicle”.", noindex: true });
}
