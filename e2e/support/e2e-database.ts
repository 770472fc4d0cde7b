import pg from 'pg';

/**
 * A database of its own for one browser run on the PostgreSQL server at `serverUrl`: the app migrates and
 * seeds it as it starts. On PostgreSQL the database work runs in the server's own processes, beside the app,
 * instead of inside the app's one thread as the embedded database does, so two browsers driving the app do
 * not queue behind each other's queries.
 */
export async function freshDatabase(serverUrl: string, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(`drop database if exists ${name} with (force)`);
    await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Drops the run's database once the run is over (the app has stopped by then). */
export async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(`drop database if exists ${name} with (force)`);
  } finally {
    await client.end();
  }
}
