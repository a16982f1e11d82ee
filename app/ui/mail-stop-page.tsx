import { BellOff, CircleCheck, Link2Off } from "lucide-react";
import type { ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import { SubmitButton } from "~/ui/form";
import { StatusPanel } from "~/ui/status-panel";

// The page a mail's "stop these mails" link opens, without sign-in (a saved search's alerts, the
// favourites' price drops): GET only asks, since mail scanners open links; the button's POST (or
// the mail provider's RFC 8058 one-click POST) switches the mails off. Each route says its words.

export type MailStopAnswer = { state: "invalid"; message: string } | { state: "confirm"; mailsOn: boolean } | { state: "done" };

export interface MailStopWords {
  /** Where the visitor manages these mails once signed in. */
  manage: { to: string; label: string; inSentence: string };
  confirmHeading: ReactNode;
  confirmText: string;
  stopButton: string;
  stoppedHeading: string;
  stoppedText: ReactNode;
}

export function MailStopPage({ answer, words }: { answer: MailStopAnswer; words: MailStopWords }) {
  const navigation = useNavigation();
  const manageLink = (
    <Link to={words.manage.to} className="btn-secondary w-full sm:w-auto">
      {words.manage.label}
    </Link>
  );

  if (answer.state === "invalid") {
    return (
      <StatusPanel tone="problem" icon={<Link2Off className="size-7" strokeWidth={1.75} />} heading="This link does not work">
        <p role="alert">{answer.message}</p>
        <p className="flex justify-center">{manageLink}</p>
      </StatusPanel>
    );
  }
  if (answer.state === "done" || !answer.mailsOn) {
    return (
      <StatusPanel tone="success" icon={<CircleCheck className="size-7" strokeWidth={1.75} />} heading={words.stoppedHeading}>
        <p role="status">{words.stoppedText}</p>
        <p>
          Changed your mind? Turn them back on from{" "}
          <Link to={words.manage.to} className="link">
            {words.manage.inSentence}
          </Link>{" "}
          (you will be asked to sign in).
        </p>
      </StatusPanel>
    );
  }
  return (
    <StatusPanel tone="info" icon={<BellOff className="size-7" strokeWidth={1.75} />} heading={words.confirmHeading}>
      <p>{words.confirmText}</p>
      <Form method="post" className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
        <SubmitButton pending={navigation.state === "submitting"} pendingLabel="Stopping…">
          {words.stopButton}
        </SubmitButton>
        {manageLink}
      </Form>
    </StatusPanel>
  );
}
