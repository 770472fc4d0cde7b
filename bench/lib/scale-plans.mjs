// What the scale benchmark (bench/scale.mjs) says about a statement: its plan under EXPLAIN (ANALYZE,
// BUFFERS), reduced to the time it took, the pages it touched and how it reached each table.

/**
 * A statement as drizzle sent it, explained on `client`: a read is run again (EXPLAIN ANALYZE, BUFFERS);
 * a write or a locking read only planned, never run (its time and pages are then null).
 */
export async function explain(client, { query, params }) {
  if (!/^\s*(select|with|insert|update|delete)\b/i.test(query)) return null;
  const runs = /^\s*(select|with)\b/i.test(query) && !/\b(for update|insert|update|delete)\b/i.test(query);
  const options = runs ? 'analyze, buffers, format json' : 'format json';
  const { rows } = await client.query(`explain (${options}) ${query}`, params);
  const [plan] = rows[0]['QUERY PLAN'];
  const scans = [];
  const walk = (node) => {
    const table = node['Relation Name'];
    if (node['Index Name']) scans.push(`${node['Node Type']} ${node['Index Name']}`);
    else if (table) scans.push(`${node['Node Type']} ${table}`);
    for (const child of node.Plans ?? []) walk(child);
  };
  walk(plan.Plan);
  const top = plan.Plan;
  if (!runs) return { ms: null, scans: [...new Set(scans)], query };
  return {
    ms: plan['Execution Time'],
    pages: (top['Shared Hit Blocks'] ?? 0) + (top['Shared Read Blocks'] ?? 0),
    read: top['Shared Read Blocks'] ?? 0,
    temp: (top['Temp Read Blocks'] ?? 0) + (top['Temp Written Blocks'] ?? 0),
    scans: [...new Set(scans)],
    query,
  };
}

/** The statements of one request, explained, in the order they ran (each distinct text once). */
export async function explainAll(client, statements) {
  const seen = new Set();
  const out = [];
  for (const statement of statements) {
    if (seen.has(statement.query)) continue;
    seen.add(statement.query);
    const plan = await explain(client, statement);
    if (plan) out.push(plan);
  }
  return out;
}

const short = (query) => query.replace(/\s+/g, ' ').slice(0, 90);

/** Plans as lines: time, pages (read from disk), temporary pages, how each table was reached. */
export function describePlans(plans) {
  return plans.map((p) => {
    const figures =
      p.ms === null
        ? `${'planned only'.padStart(29)}`
        : `${p.ms.toFixed(2).padStart(9)} ms ${String(p.pages).padStart(8)} pages (${p.read} read${p.temp ? `, ${p.temp} temp` : ''})`;
    return `    ${figures}  ${p.scans.join(', ') || '—'}\n                 ${short(p.query)}`;
  });
}
