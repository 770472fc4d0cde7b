// Keeps the shape of Node's next-tick records alive for the life of the process.
//
// Every `process.nextTick` (Node's HTTP server makes about seven per request) builds its record with an
// object literal whose first keys are computed. V8 links the hidden classes ("maps") of such objects
// only weakly: when a full garbage collection finds no record alive, the maps are collected and made
// anew at the next call. After a few such rounds, which a start that migrates and seeds a database
// easily brings, the code that builds records sees too many maps, stops specialising and falls back to
// the runtime for every key of every record: measured at a tenth of the CPU of a cheap request for the
// rest of the process's life. One record held for good keeps its maps, and so the fast path.
import { createHook } from 'node:async_hooks';

let kept: object | undefined;

/** Call once, first thing in the process, before any heavy work. */
export function keepTickObjectShape() {
  if (kept) return;
  // An init hook is the only way to see a tick record; it is switched off again at once.
  const hook = createHook({
    init(_id, type, _trigger, resource) {
      if (type === 'TickObject') kept ??= resource;
    },
  }).enable();
  process.nextTick(() => {});
  hook.disable();
}

/** Whether a record is held: false would mean this Node no longer reports its next-tick records. */
export const tickObjectShapeKept = () => kept !== undefined;
