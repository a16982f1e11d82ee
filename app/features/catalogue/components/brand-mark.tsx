import { BrandMonogram } from "~/ui/brand-monogram";

/** The brand's logo file when it has one, else its monogram. Decorative: the name is always beside it. */
export function BrandMark({ brand, size = 40 }: { brand: { name: string; colour: string; logoPath: string | null }; size?: number }) {
  if (brand.logoPath) {
    return <img src={brand.logoPath} alt="" width={size} height={size} className="shrink-0 object-contain" />;
  }
  return <BrandMonogram name={brand.name} colour={brand.colour} size={size} />;
}
