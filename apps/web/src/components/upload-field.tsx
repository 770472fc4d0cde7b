// A file field for documents: drag and drop or click to choose, the file's kind and size checked before
// anything is sent (shared constants), the chosen file shown with a way to remove it, upload progress.
import '@mantine/dropzone/styles.layer.css';
import { MAX_UPLOAD_MEGABYTES, uploadProblem } from '@lombard/shared/schemas/documents';
import { ActionIcon, Group, Input, Paper, Progress, Stack, Text } from '@mantine/core';
import { Dropzone, type FileWithPath } from '@mantine/dropzone';
import { IconFileCheck, IconUpload, IconX } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatFileSize } from '../lib/format';
import { UPLOAD_ACCEPT } from '../lib/forms/upload';

interface Props {
  label: string;
  description?: string;
  value: File | null;
  onChange(file: File | null): void;
  /** A message from the form (required, refused by the server…). */
  error?: React.ReactNode;
  required?: boolean;
  /** Percentage sent while the form uploads; null when not sending. */
  progress?: number | null;
  disabled?: boolean;
  testId?: string;
}

export function UploadField({
  label,
  description,
  value,
  onChange,
  error,
  required,
  progress = null,
  disabled,
  testId,
}: Props) {
  const { t, i18n } = useTranslation(['forms', 'validation']);
  const [problem, setProblem] = useState<ReturnType<typeof uploadProblem>>(null);
  const id = useId();
  const limit = MAX_UPLOAD_MEGABYTES;

  // Accepted and refused drops go through the same check, so the message never depends on the picker.
  const pick = (files: FileWithPath[]) => {
    const file = files[0];
    if (!file) return;
    const found = uploadProblem(file);
    setProblem(found);
    if (!found) onChange(file);
  };

  const shownError = problem ? t(problem.key, { max: problem.max }) : error;

  return (
    <Input.Wrapper
      label={label}
      description={description ?? t('upload.hint', { limit })}
      error={shownError}
      withAsterisk={required}
      id={id}
      data-testid={testId}
    >
      {value ? (
        <Paper withBorder radius="md" p="sm" mt={6}>
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
              <IconFileCheck size={22} stroke={1.6} color="var(--mantine-color-teal-6)" aria-hidden />
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text size="sm" fw={500} truncate="end" data-testid={testId && `${testId}-name`}>
                  {value.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatFileSize(value.size, i18n.language)}
                </Text>
              </Stack>
            </Group>
            <ActionIcon
              variant="subtle"
              color="gray"
              onClick={() => onChange(null)}
              disabled={disabled || progress !== null}
              aria-label={t('upload.remove', { name: value.name })}
            >
              <IconX size={18} />
            </ActionIcon>
          </Group>
          {progress !== null && (
            <Progress
              value={progress}
              mt="xs"
              size="sm"
              animated={progress < 100}
              aria-label={t('upload.progress', { percent: progress })}
            />
          )}
        </Paper>
      ) : (
        <Dropzone
          onDropAny={(accepted, refused) => pick([...accepted, ...refused.map((r) => r.file)])}
          onDrop={() => {}}
          accept={UPLOAD_ACCEPT}
          multiple={false}
          disabled={disabled}
          radius="md"
          mt={6}
          p="md"
          inputProps={
            {
              id,
              'aria-invalid': Boolean(shownError),
              ...(testId ? { 'data-testid': `${testId}-input` } : {}),
            } as React.InputHTMLAttributes<HTMLInputElement>
          }
          style={shownError ? { borderColor: 'var(--mantine-color-error)' } : undefined}
        >
          <Group justify="center" gap="sm" wrap="nowrap" style={{ pointerEvents: 'none' }}>
            <IconUpload size={26} stroke={1.5} color="var(--mantine-color-dimmed)" aria-hidden />
            <Stack gap={0}>
              <Text size="sm" fw={500}>
                {t('upload.drop')}
              </Text>
              <Text size="xs" c="dimmed">
                {t('upload.types')}
              </Text>
            </Stack>
          </Group>
        </Dropzone>
      )}
    </Input.Wrapper>
  );
}
