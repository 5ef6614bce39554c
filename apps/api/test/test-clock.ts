/** A clock the test sets: the server reads it for expiry and limits, so no test sleeps to pass time. */
export function testClock(start = new Date()) {
  let now = start.getTime();
  return {
    now: () => new Date(now),
    advance(ms: number) {
      now += ms;
    },
    set(at: Date) {
      now = at.getTime();
    },
  };
}
export type TestClock = ReturnType<typeof testClock>;
