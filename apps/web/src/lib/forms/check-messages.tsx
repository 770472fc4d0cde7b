// The messages a field's native constraints can call for, rendered with the page and hidden until the
// first-view script's listener (native-check.ts) shows the one the browser's check found. Rendered by
// the server in the page's language, so the answer at the tap needs nothing fetched or translated.
import { Input } from '@mantine/core';
import { CHECK_FOR_ATTRIBUTE, CHECK_KIND_ATTRIBUTE, CHECK_KINDS, type CheckKind } from './native-check';

export function CheckMessages({
  fieldId,
  messages,
}: {
  fieldId: string;
  messages: Partial<Record<CheckKind, string>>;
}) {
  return CHECK_KINDS.filter((kind) => messages[kind]).map((kind) => (
    <Input.Error
      key={kind}
      id={`${fieldId}-${kind}`}
      {...{ [CHECK_FOR_ATTRIBUTE]: fieldId, [CHECK_KIND_ATTRIBUTE]: kind }}
      className="check-message"
    >
      {messages[kind]}
    </Input.Error>
  ));
}
