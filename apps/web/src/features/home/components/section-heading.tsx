/** The centred title and subtitle every home section opens with. */
export function SectionHeading({ id, title, subtitle }: { id: string; title: string; subtitle: string }) {
  return (
    <div className="mx-auto mb-10 max-w-2xl text-center">
      <h2 id={id} className="text-3xl font-bold sm:text-4xl">
        {title}
      </h2>
      <p className="mt-3 text-base-content/70">{subtitle}</p>
    </div>
  );
}
