/**
 * Work any server may do when asked, such as sending the mail that is due (decision 039): asked while it runs, it
 * runs once more after. On PostgreSQL pg-boss carries the requests, so that whichever server fetches one does the
 * work (queue.server.ts); on SQLite this process does it.
 */
export interface WorkChannel {
  /** Asks for a run now, or at `at` (a retry falling due). */
  request(at?: Date): void;
  /** Stops taking requests and waits for the run under way. */
  close(): Promise<void>;
}

/** The work queues pg-boss creates at start (DDL under the start-up lock), beside the admin's tools. */
export const WORK_QUEUES = ["mail-outbox"] as const;
export type WorkQueue = (typeof WORK_QUEUES)[number];

/** A channel whose runs happen in this process, one at a time. */
export function inProcessChannel(run: () => Promise<void>, onError: (error: unknown) => void): WorkChannel {
  let running: Promise<void> | undefined;
  let again = false;
  let closed = false;
  const timers = new Set<NodeJS.Timeout>();

  const start = () => {
    if (closed) return;
    if (running) {
      again = true;
      return;
    }
    running = run()
      .catch(onError)
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          start();
        }
      });
  };

  return {
    request(at) {
      const wait = at ? at.getTime() - Date.now() : 0;
      if (wait <= 0) {
        start();
        return;
      }
      const timer = setTimeout(() => {
        timers.delete(timer);
        start();
      }, wait);
      timer.unref();
      timers.add(timer);
    },
    async close() {
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      while (running) await running;
    },
  };
}
