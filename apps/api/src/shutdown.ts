/**
 * What SIGTERM stops, and in which order. The HTTP drain (requests in flight finish) and the outbox
 * worker's stop (the batch in hand gets up to its grace, a slow SMTP server included) wait on
 * different things, so they run side by side: one after the other, a slow request plus a slow mail
 * server passed the 8 s that orchestrators allow before SIGKILL. The database closes last, once
 * neither needs it.
 */
export async function stopServing(parts: {
  app: { close(): PromiseLike<unknown> };
  notifications: { stop(): Promise<void> };
  database: { close(): Promise<void> };
}): Promise<void> {
  const stopped = await Promise.allSettled([parts.app.close(), parts.notifications.stop()]);
  await parts.database.close();
  for (const result of stopped) if (result.status === 'rejected') throw result.reason;
}
