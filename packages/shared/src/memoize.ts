/**
 * `compute` with its answers kept, for text inputs that repeat (request headers, client addresses): each
 * distinct input is worked out once. At most `max` answers are kept; when full, all are forgotten at once,
 * which bounds the memory a flood of distinct inputs can take at the cost of working some out again.
 */
export function memoize<V>(compute: (input: string) => V, max: number): (input: string) => V {
  const kept = new Map<string, V>();
  return (input) => {
    let value = kept.get(input);
    if (value === undefined) {
      value = compute(input);
      if (kept.size >= max) kept.clear();
      kept.set(input, value);
    }
    return value;
  };
}
