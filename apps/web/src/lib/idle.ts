/**
 * Runs `task` once the browser is idle, at the latest after `timeoutMs`, and returns what cancels it.
 * Where requestIdleCallback is missing (Safari), on the next task. For work a page can start after it
 * has painted: a lazily loaded slider, a dialog's code.
 */
export function whenIdle(task: () => void, timeoutMs: number): () => void {
  if (typeof window.requestIdleCallback !== 'function') {
    const timer = window.setTimeout(task, 0);
    return () => window.clearTimeout(timer);
  }
  const id = window.requestIdleCallback(task, { timeout: timeoutMs });
  return () => window.cancelIdleCallback(id);
}
