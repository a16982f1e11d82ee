import { CircleAlert, CircleCheck, LoaderCircle, RotateCw, X } from "lucide-react";
import type { FormEvent, ReactNode } from "react";
import type { PhotoUpload } from "../photo-upload-queue";
import { DRAFT_PHOTOS_PATH } from "../../urls";

// The photo manager's small pieces: the plain forms each photo action is without scripts, the
// icon buttons, an upload's tile (progress, message, retry) and the notices.

export function HiddenFields({ fields }: { fields: Record<string, string> }) {
  return (
    <>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}

export function PhotoActionForm({
  fields,
  onSubmit,
  className,
  children,
}: {
  fields: Record<string, string>;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  className?: string;
  children: ReactNode;
}) {
  return (
    <form method="post" action={DRAFT_PHOTOS_PATH} encType="multipart/form-data" onSubmit={onSubmit} className={`flex gap-1 ${className ?? ""}`}>
      <HiddenFields fields={fields} />
      {children}
    </form>
  );
}

export function IconButton({
  label,
  name,
  value,
  disabled,
  danger,
  children,
}: {
  label: string;
  name?: string;
  value?: string;
  disabled?: boolean;
  danger?: boolean;
  children: ReactNode;
}) {
  return (
    <button
      type="submit"
      name={name}
      value={value}
      disabled={disabled}
      aria-label={label}
      title={label}
      className={`inline-flex size-10 items-center justify-center rounded-[var(--radius-control)] border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary-500 disabled:cursor-not-allowed disabled:opacity-40 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800 ${danger ? "text-red-700 hover:bg-red-50 dark:text-red-400" : ""}`}
    >
      {children}
    </button>
  );
}

export function UploadTile({ upload, onRetry, onDismiss }: { upload: PhotoUpload; onRetry: () => void; onDismiss: () => void }) {
  const failed = upload.status === "failed";
  const percent = Math.round(upload.progress * 100);
  return (
    <li className={`card flex flex-col overflow-hidden ${failed ? "border-red-300 dark:border-red-900" : ""}`} aria-label={`${upload.name}: ${failed ? "not added" : "uploading"}`}>
      <div className="flex aspect-[4/3] flex-col items-center justify-center gap-2 bg-slate-50 p-3 text-center dark:bg-slate-800">
        {failed ? (
          <CircleAlert aria-hidden="true" className="size-6 text-red-700 dark:text-red-400" strokeWidth={1.75} />
        ) : (
          <LoaderCircle aria-hidden="true" className="size-6 animate-spin text-primary-600" strokeWidth={1.75} />
        )}
        <p className="line-clamp-2 text-xs font-medium break-all text-slate-700 dark:text-slate-300">{upload.name}</p>
        {failed ? null : (
          <div
            role="progressbar"
            aria-label={`Uploading ${upload.name}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            className="h-2 w-full overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
          >
            <div className="h-full bg-primary-600 transition-[width] duration-150" style={{ width: `${upload.status === "uploading" ? Math.max(percent, 3) : 0}%` }} />
          </div>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-2">
        {failed ? (
          <>
            <p role="alert" className="text-xs font-medium text-red-700 dark:text-red-400">
              {upload.error}
            </p>
            <div className="mt-auto flex gap-1">
              {upload.retryable ? (
                <button type="button" onClick={onRetry} className="btn-secondary min-h-10 flex-1 px-2 py-1.5 text-xs">
                  <RotateCw aria-hidden="true" className="size-4" strokeWidth={1.75} />
                  Retry
                </button>
              ) : null}
              <button
                type="button"
                onClick={onDismiss}
                aria-label={`Remove ${upload.name} from the list`}
                title="Remove from the list"
                className="inline-flex size-10 items-center justify-center rounded-[var(--radius-control)] border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
              >
                <X aria-hidden="true" className="size-5" strokeWidth={1.75} />
              </button>
            </div>
          </>
        ) : (
          <p className="text-xs text-slate-600 tabular-nums dark:text-slate-400">
            {upload.status === "checking" ? "Checking…" : upload.status === "queued" ? "Waiting…" : percent >= 100 ? "Processing…" : `${percent}%`}
          </p>
        )}
      </div>
    </li>
  );
}

export function Notice({ tone, children }: { tone: "error" | "success"; children: ReactNode }) {
  const error = tone === "error";
  return (
    <div
      role={error ? "alert" : "status"}
      className={`flex items-start gap-2 rounded-[var(--radius-control)] border p-3 text-sm font-medium ${error ? "border-red-300 bg-red-50 text-red-800 dark:border-red-900 dark:bg-red-950/40 dark:text-red-200" : "border-green-300 bg-green-50 text-green-900 dark:border-green-900 dark:bg-green-950/40 dark:text-green-200"}`}
    >
      {error ? (
        <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" strokeWidth={1.75} />
      ) : (
        <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" strokeWidth={1.75} />
      )}
      <span>{children}</span>
    </div>
  );
}
