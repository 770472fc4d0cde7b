import { Text, type TextProps, Tooltip } from '@mantine/core';
import { truncate } from './format';

/** Text cut at 40 characters, the whole of it on hover and for screen readers. */
export function TruncatedText({ text, length, ...props }: { text: string; length?: number } & TextProps) {
  const { text: short, cut } = truncate(text, length);
  if (!cut) {
    return (
      <Text span inherit={props.size === undefined} {...props}>
        {text}
      </Text>
    );
  }
  return (
    <Tooltip label={text} multiline maw={360} withArrow openDelay={200}>
      <Text span inherit={props.size === undefined} aria-label={text} {...props}>
        {short}
      </Text>
    </Tooltip>
  );
}
