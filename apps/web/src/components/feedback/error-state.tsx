import { RotateCcw, TriangleAlert } from 'lucide-react';

/** A failed load: the message and a 'Try Again' button that reloads the page (spec section 2). */
export function ErrorState({ message, title }: { message: string; title?: string }) {
  return (
    <div role="alert" className="mx-auto flex max-w-lg flex-col items-center gap-4 px-4 py-16 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-error/10 text-error">
        <TriangleAlert className="size-7" aria-hidden="true" />
      </span>
      {title && <h2 className="text-xl font-semibold">{title}</h2>}
      <p className="text-base-content/80">{message}</p>
      <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
        <RotateCcw className="size-4" aria-hidden="true" />
        Try Again
      </button>
    </div>
  );
}
