import type { ImagesService } from './images.service';

/**
 * Every `intervalMs`, removes the uploads nothing uses (images.service sweep). Every instance runs one;
 * the per-image lock makes two sweeps of one image harmless. The first sweep waits one interval, so a
 * short-lived process (a test, a CLI) never sweeps.
 */
export function startImageSweeper(
  images: Pick<ImagesService, 'sweep'>,
  options: {
    intervalMs: number;
    log: (msg: string, err: unknown) => void;
    info: (msg: string, removed: number) => void;
  },
) {
  let running: Promise<void> | undefined;
  const timer =
    options.intervalMs > 0
      ? setInterval(() => {
          running ??= images
            .sweep()
            .then((removed) => {
              if (removed > 0) options.info('unused uploaded images removed', removed);
            })
            .catch((err) => options.log('image sweep failed; it runs again later', err))
            .finally(() => {
              running = undefined;
            });
        }, options.intervalMs)
      : undefined;
  timer?.unref();
  return {
    async stop() {
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
