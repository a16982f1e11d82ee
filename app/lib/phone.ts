// Phone numbers as South Africans write them, for the seller's card, a dealer's page and the mails
// that pass a buyer's number on.

/** "0821234567" → "082 123 4567", "+27821234567" → "+27 82 123 4567"; anything else as given. */
export function formatPhone(phone: string): string {
  const compact = phone.replace(/[^\d+]/g, "");
  const local = /^0(\d{2})(\d{3})(\d{4})$/.exec(compact);
  if (local) return `0${local[1]} ${local[2]} ${local[3]}`;
  const intl = /^\+27(\d{2})(\d{3})(\d{4})$/.exec(compact);
  if (intl) return `+27 ${intl[1]} ${intl[2]} ${intl[3]}`;
  return phone;
}
