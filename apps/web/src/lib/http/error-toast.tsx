// Shows an error body as a red toast: one line as text, several as a bullet list.
import { List } from '@mantine/core';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { notifyError } from '../notify';
import { formatErrorBody, namesFields } from './error-format';

export function errorLinesNode(lines: readonly string[]): ReactNode {
  if (lines.length === 1) return lines[0];
  return (
    <List size="sm" spacing={2} data-testid="error-list">
      {lines.map((line) => (
        <List.Item key={line}>{line}</List.Item>
      ))}
    </List>
  );
}

/** The generic "not possible at this time" text, for bodies that say nothing readable. */
export async function genericErrorText(): Promise<string> {
  await i18next.loadNamespaces('errors');
  return i18next.t('errors:generic');
}

/**
 * Shows a parsed body as an error toast; falls back to the generic message. Messages about fields the
 * screen cannot point at come under "There's something wrong with your data…", a 403 under "not
 * allowed", so that no toast is a bare line without its context.
 */
export async function showErrorBody(body: unknown, status?: number): Promise<void> {
  const lines = formatErrorBody(body);
  if (lines.length === 0) {
    notifyError(await genericErrorText());
    return;
  }
  const title = status === 403 ? 'errors:notAllowed' : namesFields(body) ? 'errors:invalidData' : null;
  if (!title) {
    notifyError(errorLinesNode(lines));
    return;
  }
  await i18next.loadNamespaces('errors');
  notifyError(errorLinesNode(lines), { title: i18next.t(title) });
}
