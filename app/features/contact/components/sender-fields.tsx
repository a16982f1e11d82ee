import { type FieldErrors, TextField } from "~/ui/form";

// The "Your name / email / phone" fields of the forms that write to someone on the site (a dealer,
// a seller): one markup for both. Free of zod, as those forms load their schema later.

type SenderField = "name" | "email" | "phone";

export function SenderFields({
  idFor,
  limits,
  values,
  errors,
  phoneHint,
}: {
  idFor: (name: string) => string;
  limits: { name: number; email: number };
  /** What the fields show first: the values sent back, or the signed-in visitor's. */
  values: Partial<Record<SenderField, string>>;
  errors: FieldErrors<SenderField>;
  phoneHint: string;
}) {
  return (
    <>
      <TextField id={idFor("name")} label="Your name" name="name" autoComplete="name" maxLength={limits.name} defaultValue={values.name} error={errors.name} />
      <TextField
        id={idFor("email")}
        label="Your email"
        name="email"
        type="email"
        inputMode="email"
        autoComplete="email"
        maxLength={limits.email}
        defaultValue={values.email}
        error={errors.email}
      />
      <TextField
        id={idFor("phone")}
        label="Your phone"
        name="phone"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        optional
        maxLength={20}
        hint={phoneHint}
        defaultValue={values.phone}
        error={errors.phone}
      />
    </>
  );
}
