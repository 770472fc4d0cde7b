// Group commit: requests that would wait on one another anyway (the same customer's cash) are written
// together. While a group of an owner is being written, that owner's new requests wait here; the next
// group takes them all (up to `limit`) in arrival order, so one commit answers many requests.

export type Settled<R> = { ok: true; value: R } | { ok: false; error: unknown };

interface Waiting<T, R> {
  item: T;
  resolve(value: R): void;
  reject(error: unknown): void;
}

export interface GroupCommitOptions<T, R> {
  /** The most requests one group takes. */
  limit: number;
  /** Requests with the same value never share a group: the later one goes in a later group. */
  distinct(item: T): string;
  /** Writes a group; answers each request in the group's order. */
  write(group: T[]): Promise<Array<Settled<R>>>;
}

export class GroupCommit<T, R> {
  // An owner is here while a group of theirs is being written: who waits for the next group, and how many
  // the group being written holds.
  readonly #owners = new Map<number | string, { queue: Array<Waiting<T, R>>; writing: number }>();

  constructor(private readonly options: GroupCommitOptions<T, R>) {}

  submit(owner: number | string, item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      const busy = this.#owners.get(owner);
      if (busy) {
        busy.queue.push({ item, resolve, reject });
        return;
      }
      const state = { queue: [{ item, resolve, reject }], writing: 0 };
      this.#owners.set(owner, state);
      // The first group starts a turn of the event loop later, so that the requests read in this turn join
      // it: the embedded database runs a whole transaction without giving the event loop a turn, so
      // otherwise no request would ever arrive while a group is being written.
      setImmediate(() => void this.#drain(owner, state));
    });
  }

  /** How many of an owner's requests are not answered yet: in the group being written or waiting. */
  pending(owner: number | string): number {
    const state = this.#owners.get(owner);
    return state ? state.writing + state.queue.length : 0;
  }

  async #drain(owner: number | string, state: { queue: Array<Waiting<T, R>>; writing: number }): Promise<void> {
    while (state.queue.length > 0) {
      const group = this.#take(state.queue);
      state.writing = group.length;
      let settled: Array<Settled<R>>;
      try {
        settled = await this.options.write(group.map((waiting) => waiting.item));
      } catch (error) {
        settled = group.map(() => ({ ok: false, error }));
      }
      group.forEach((waiting, index) => {
        const answer = settled[index] ?? { ok: false, error: new Error('group commit: request left unanswered') };
        if (answer.ok) waiting.resolve(answer.value);
        else waiting.reject(answer.error);
      });
      state.writing = 0;
    }
    this.#owners.delete(owner);
  }

  #take(queue: Array<Waiting<T, R>>): Array<Waiting<T, R>> {
    const group: Array<Waiting<T, R>> = [];
    const seen = new Set<string>();
    let index = 0;
    while (index < queue.length && group.length < this.options.limit) {
      const value = this.options.distinct(queue[index]!.item);
      if (seen.has(value)) {
        index += 1;
        continue;
      }
      seen.add(value);
      group.push(...queue.splice(index, 1));
    }
    return group;
  }
}

/** Runs `work` and keeps its outcome, a value or an error, as a `Settled`. */
export async function settle<R>(work: () => Promise<R> | R): Promise<Settled<R>> {
  try {
    return { ok: true, value: await work() };
  } catch (error) {
    return { ok: false, error };
  }
}
