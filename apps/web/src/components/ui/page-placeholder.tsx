/** Stand-in for a page whose content is still being built. */
export function PagePlaceholder({ title }: { title: string }) {
  return (
    <section className="container mx-auto px-4 py-16">
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="mt-3 text-base-content/70">This page is coming soon.</p>
    </section>
  );
}
