// Preloaded (`node --import …/exit-with-parent.mjs?signal=SIGINT`) into node children the launcher
// starts with an IPC channel. The kernel closes that channel when the launcher exits, even by SIGKILL,
// so its end means "stop": we send ourselves the stop signal the program drains on (the Auth emulator
// exports its accounts on SIGINT), unless a terminal's Ctrl-C already sent one, because a second one
// means "force" to most programs. Past the grace period we exit regardless.
const GRACE_MS = 15_000;
const signal = new URL(import.meta.url).searchParams.get('signal') ?? 'SIGTERM';

function stop(signalled) {
  // Our output went to the dead launcher: writing it must not become an error that skips the drain.
  for (const stream of [process.stdout, process.stderr]) stream.on('error', () => {});
  if (!signalled()) process.kill(process.pid, signal);
  setTimeout(() => process.exit(1), GRACE_MS).unref();
}

// `channel` is undefined without IPC, and null once it has closed: on a loaded machine the launcher may
// be gone before this module even runs, and then the 'disconnect' event has already been emitted.
if (process.channel !== undefined) {
  let signalled = false;
  for (const name of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
    const mark = () => {
      signalled = true;
      // Only us listening: the program has no handler, so let the signal do what it does by default.
      if (process.listenerCount(name) === 1) {
        process.removeListener(name, mark);
        process.kill(process.pid, name);
      }
    };
    process.prependListener(name, mark);
  }
  if (!process.connected) stop(() => signalled);
  else {
    process.once('disconnect', () => stop(() => signalled));
    process.channel.unref();
  }
}
