// What the launcher, benches and fault tests attach to the children they start, for their error messages.
import 'node:child_process';

declare module 'node:child_process' {
  interface ChildProcess {
    /** The last lines the child printed (stdout and stderr). */
    recentOutput?: () => string;
    /** The bench or scenario that started it. */
    benchName?: string;
  }
}
