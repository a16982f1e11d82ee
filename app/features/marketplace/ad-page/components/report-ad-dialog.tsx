import { useFetcher } from "react-router";
import { ModalDialog } from "~/ui/modal-dialog";
import { answerFor } from "../ad-actions";
import { ReportForm } from "./report-form";

// The report form in the site's dialog (loaded on the first press of "Report this ad").

export default function ReportAdDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const fetcher = useFetcher();
  return (
    <ModalDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Report this ad"
      description="Tell us what is wrong with this ad. You need an account to report."
      initialFocus="input[name=reason]"
    >
      <ReportForm answer={answerFor(fetcher.data, "report")} fetcher={fetcher} idPrefix="report-dialog" />
    </ModalDialog>
  );
}
