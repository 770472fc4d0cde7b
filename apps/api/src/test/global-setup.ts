// Once per test run, before any file: the prepared databases of ./templates.ts, dropped at the end.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { loadConfig } from '../config';
import { onServer, type PreparedTemplates, prepareTemplate, TEMPLATE_KINDS, type TemplateKind } from './templates';

export default async function setup(project: TestProject) {
  const serverUrl = loadConfig({ NODE_ENV: 'test' }).databaseUrl;
  const folder = mkdtempSync(path.join(os.tmpdir(), 'lombard-templates-'));
  const run = `${process.pid}_${Date.now().toString(36)}`;
  const databases = Object.fromEntries(
    TEMPLATE_KINDS.map((kind) => [kind, `lombard_template_${run}_${kind}`]),
  ) as Record<TemplateKind, string>;
  for (const kind of TEMPLATE_KINDS) {
    await prepareTemplate(folder, kind, serverUrl ? { url: serverUrl, database: databases[kind] } : undefined);
  }
  const prepared: PreparedTemplates = serverUrl ? { folder, databases } : { folder };
  project.provide('testTemplates', prepared);
  return async () => {
    if (serverUrl) {
      await onServer(
        serverUrl,
        ...Object.values(databases).map((name) => `drop database if exists ${name} with (force)`),
      );
    }
    rmSync(folder, { recursive: true, force: true });
  };
}
