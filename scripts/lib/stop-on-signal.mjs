// Ctrl-C and SIGTERM for the launchers (`npm start`, `npm run dev`): every child of stack.mjs drains and
// stops; a second Ctrl-C kills them at once.
import { killAll, stopAll } from '../stack.mjs';

/** Two SIGINTs closer than this are one Ctrl-C delivered twice (see stopAllOnSignal). */
const SAME_KEYPRESS_MS = 150;

/**
 * Ctrl-C / SIGTERM stop every child (each drains), then exit 0; a second Ctrl-C kills them at once.
 * Returns `isStopping()`, so a child's exit during a requested stop is not taken for a crash.
 */
export function stopAllOnSignal({ onStop = () => {} } = {}) {
  let stopping = false;
  const stopNow = async () => {
    if (stopping) return;
    stopping = true;
    onStop();
    console.log('\nStopping Bulkwise… (Ctrl-C again to force)');
    await stopAll();
    console.log('Bulkwise stopped.');
    process.exit(0);
  };
  let firstSignalAt = 0;
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      if (!stopping) {
        firstSignalAt = Date.now();
        return void stopNow();
      }
      // Under `npm start` one Ctrl-C arrives twice: from the terminal to the whole group, and forwarded
      // by npm a moment later. Only a second press, later than that, forces.
      if (signal === 'SIGINT' && Date.now() - firstSignalAt < SAME_KEYPRESS_MS) return;
      if (signal === 'SIGINT') {
        console.log('Forcing: killing every Bulkwise process.');
        killAll();
        process.exit(130);
      }
    });
  }
  return { isStopping: () => stopping, stopNow };
}
