// Writes that arrive together go to PostgreSQL together: everything asked for in one turn of the
// event loop becomes one statement (and one commit), instead of one statement each. What bounds a
// write path under load is the per-statement and per-commit work, not the rows. A caller waits for
// the statement its item joins, and an item behind another of its key for that one's statement too.
//
// One item per key in a statement: a second item with the same key (the same session, say) waits
// until the statement holding the first has answered, so the two apply in the order they came.
// Items go to `write` sorted by key, so concurrent statements take their row locks in the same
// order and cannot deadlock each other.

const MAX_ROWS = 256;

interface Pending<I, R> {
  item: I;
  key: string;
  resolve(result: R): void;
  reject(error: unknown): void;
}

export interface BatchWriter<I, R> {
  write(item: I): Promise<R>;
}

/** `write` gets the items of one batch and answers one result per item, in the same order. */
export function batchWriter<I, R>(
  keyOf: (item: I) => string,
  write: (items: I[]) => Promise<R[]>,
): BatchWriter<I, R> {
  let queue: Pending<I, R>[] = [];
  let scheduled = false;
  /** Keys of the items in statements not yet answered. */
  const inFlight = new Set<string>();

  function schedule(): void {
    if (scheduled) return;
    scheduled = true;
    setImmediate(flush);
  }

  function flush(): void {
    scheduled = false;
    const batch: Pending<I, R>[] = [];
    const behind = new Set<string>();
    const rest: Pending<I, R>[] = [];
    for (const pending of queue) {
      if (batch.length < MAX_ROWS && !behind.has(pending.key) && !inFlight.has(pending.key)) {
        inFlight.add(pending.key);
        batch.push(pending);
      } else {
        // Later items of a key stay behind the first, in this batch, in flight or still queued.
        behind.add(pending.key);
        rest.push(pending);
      }
    }
    queue = rest;
    // What waits only for room goes in the next turn; what waits for its key, once that key's
    // statement has answered (run() schedules then).
    if (queue.some((pending) => !inFlight.has(pending.key))) schedule();
    if (batch.length > 0) void run(batch);
  }

  async function run(batch: Pending<I, R>[]): Promise<void> {
    batch.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    try {
      const results = await write(batch.map((pending) => pending.item));
      batch.forEach((pending, i) => {
        const result = results[i];
        if (result === undefined) pending.reject(new Error('the batch answered no result for an item'));
        else pending.resolve(result);
      });
    } catch (error) {
      for (const pending of batch) pending.reject(error);
    } finally {
      for (const pending of batch) inFlight.delete(pending.key);
      if (queue.length > 0) schedule();
    }
  }

  return {
    write(item) {
      return new Promise((resolve, reject) => {
        queue.push({ item, key: keyOf(item), resolve, reject });
        schedule();
      });
    },
  };
}

/**
 * Reads that arrive together go to PostgreSQL together: the keys asked for in one turn of the event
 * loop are looked up by one statement, each asked once however many callers wait for it. `read`
 * answers the rows it found by key; a key it did not find is answered `undefined`.
 */
export function batchReader<R>(read: (keys: string[]) => Promise<Map<string, R>>): {
  read(key: string): Promise<R | undefined>;
} {
  let waiting = new Map<string, Array<{ resolve(row: R | undefined): void; reject(error: unknown): void }>>();
  let scheduled = false;

  function flush(): void {
    scheduled = false;
    const batch = waiting;
    waiting = new Map();
    const keys = [...batch.keys()];
    for (let start = 0; start < keys.length; start += MAX_ROWS) {
      const slice = keys.slice(start, start + MAX_ROWS);
      // Started inside a promise, so that a read that throws at once still answers its callers.
      void Promise.resolve(slice)
        .then(read)
        .then(
          (found) => {
            for (const key of slice)
              for (const waiter of batch.get(key) ?? []) waiter.resolve(found.get(key));
          },
          (error: unknown) => {
            for (const key of slice) for (const waiter of batch.get(key) ?? []) waiter.reject(error);
          },
        );
    }
  }

  return {
    read(key) {
      return new Promise((resolve, reject) => {
        const waiters = waiting.get(key);
        if (waiters) waiters.push({ resolve, reject });
        else waiting.set(key, [{ resolve, reject }]);
        if (!scheduled) {
          scheduled = true;
          setImmediate(flush);
        }
      });
    },
  };
}
