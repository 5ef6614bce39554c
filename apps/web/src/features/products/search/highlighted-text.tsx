import { highlightParts } from './highlight';

/** `text` with the words `q` matched emphasised; React escapes every part, so data never becomes HTML. */
export function HighlightedText({ text, q }: { text: string; q: string }) {
  if (!q) return <>{text}</>;
  return (
    <>
      {highlightParts(text, q).map((part, i) =>
        part.match ? (
          <mark
            key={i}
            className="bg-transparent font-extrabold text-inherit underline decoration-primary decoration-2 underline-offset-2"
          >
            {part.text}
          </mark>
        ) : (
          part.text
        ),
      )}
    </>
  );
}
