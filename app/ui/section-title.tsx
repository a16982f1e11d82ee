// Two-part section title with the second part highlighted (spec: "Section title").
export function SectionTitle({
  first,
  highlight,
  mini = false,
  className = "",
  id,
  as: Tag = "h2",
}: {
  first: string;
  highlight?: string;
  mini?: boolean;
  className?: string;
  id?: string;
  as?: "h1" | "h2" | "h3";
}) {
  return (
    <Tag id={id} className={`${mini ? "text-lg sm:text-xl" : "text-2xl sm:text-3xl"} font-extrabold tracking-tight ${className}`}>
      {first}
      {highlight ? <span className="text-primary-700 dark:text-primary-300"> {highlight}</span> : null}
    </Tag>
  );
}
