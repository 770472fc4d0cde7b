// KYC documents: the identity document (type, number, dates, front and back — no back for a passport) and
// a recent proof of address. Dates follow the shared rules; files are checked before sending, uploaded
// with a progress bar, then checked again by the server (by content).
import {
  ADDRESS_PROOF_TYPES,
  addressProofFieldsSchema,
  DOCUMENT_MESSAGES,
  type DocumentItem,
  IDENTITY_DOCUMENT_TYPES,
  identityDocumentFieldsSchema,
  SINGLE_SIDED_IDENTITY_DOCUMENTS,
} from '@lombard/shared/schemas/documents';
import { Badge, Divider, Group, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconFileCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { SubmitButton } from '../../components/submit-button';
import { UploadField } from '../../components/upload-field';
import { useApiForm } from '../../lib/forms/use-api-form';
import { currentLanguage } from '../../lib/i18n/i18n';
import { formatDate } from '../../lib/resource/format';
import {
  type AddressProofUpload,
  type IdentityUpload,
  kycDocumentsQuery,
  useUploadAddressProof,
  useUploadIdentityDocument,
} from './kyc-api';

const fileSchema = z.custom<File>((value) => value instanceof File, { error: DOCUMENT_MESSAGES.fileRequired });
const optionalFile = z.custom<File | null>((value) => value === null || value instanceof File);

const identityFormSchema = z
  .intersection(identityDocumentFieldsSchema, z.object({ front: fileSchema, back: optionalFile }))
  .superRefine((value, ctx) => {
    const singleSided = (SINGLE_SIDED_IDENTITY_DOCUMENTS as readonly string[]).includes(value.type);
    if (!singleSided && !(value.back instanceof File))
      ctx.addIssue({ code: 'custom', path: ['back'], message: DOCUMENT_MESSAGES.fileRequired });
  });
const addressProofFormSchema = z.intersection(addressProofFieldsSchema, z.object({ file: fileSchema }));

function OnFile({ document }: { document: DocumentItem | undefined }) {
  const { t } = useTranslation(['profile', 'documents']);
  if (!document) return null;
  const language = currentLanguage();
  return (
    <Group gap="xs" wrap="wrap" data-testid={`kyc-on-file-${document.kind}`}>
      <IconFileCheck size={18} color="var(--mantine-color-teal-6)" aria-hidden />
      <Text size="sm">
        {t('kyc.onFile', {
          type: t(`documents:types.${document.type}`, { defaultValue: document.type }),
          date: formatDate(document.created_at, language),
        })}
      </Text>
      {document.expires_on && (
        <Badge variant="light" color="gray" radius="sm">
          {t('kyc.expires', { date: formatDate(document.expires_on, language) })}
        </Badge>
      )}
    </Group>
  );
}

function IdentityDocumentForm() {
  const { t } = useTranslation(['profile', 'documents']);
  const upload = useUploadIdentityDocument();
  const [progress, setProgress] = useState<number | null>(null);
  const { form, onSubmit, submitting } = useApiForm({
    schema: identityFormSchema,
    initialValues: { type: '', number: '', issued_on: '', expires_on: '', front: null, back: null } as Record<
      string,
      unknown
    > &
      Omit<IdentityUpload, 'type'> & { type: string },
    send: async (values) => {
      setProgress(0);
      try {
        return await upload.mutateAsync({ values: values as IdentityUpload, onProgress: setProgress });
      } finally {
        setProgress(null);
      }
    },
    success: t('kyc.identityUploaded'),
    onSuccess: (): void => form.reset(),
  });
  const type = form.getValues().type;
  const singleSided = (SINGLE_SIDED_IDENTITY_DOCUMENTS as readonly string[]).includes(type);
  const fileProps = (field: 'front' | 'back') => ({
    value: form.getValues()[field] as File | null,
    onChange: (file: File | null) => form.setFieldValue(field, file),
    error: form.errors[field],
    progress,
    disabled: submitting,
  });

  return (
    <form onSubmit={onSubmit} noValidate data-testid="kyc-identity-form">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Select
            label={t('kyc.documentType')}
            data={IDENTITY_DOCUMENT_TYPES.map((value) => ({ value, label: t(`documents:types.${value}`) }))}
            withAsterisk
            {...form.getInputProps('type')}
            data-testid="kyc-identity-type"
          />
          <TextInput
            label={t('kyc.documentNumber')}
            autoCapitalize="characters"
            spellCheck={false}
            withAsterisk
            {...form.getInputProps('number')}
            data-testid="kyc-identity-number"
          />
          <TextInput
            type="date"
            label={t('kyc.issuedOn')}
            withAsterisk
            {...form.getInputProps('issued_on')}
            data-testid="kyc-identity-issued-on"
          />
          <TextInput
            type="date"
            label={t('kyc.expiresOn')}
            withAsterisk
            {...form.getInputProps('expires_on')}
            data-testid="kyc-identity-expires-on"
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: singleSided ? 1 : 2 }} spacing="md">
          <UploadField
            label={singleSided ? t('kyc.photoPage') : t('kyc.front')}
            required
            {...fileProps('front')}
            testId="kyc-identity-front"
          />
          {!singleSided && (
            <UploadField label={t('kyc.back')} required {...fileProps('back')} testId="kyc-identity-back" />
          )}
        </SimpleGrid>
        <SubmitButton submitting={submitting} testId="kyc-identity-submit">
          {t('kyc.uploadIdentity')}
        </SubmitButton>
      </Stack>
    </form>
  );
}

function AddressProofForm() {
  const { t } = useTranslation(['profile', 'documents']);
  const upload = useUploadAddressProof();
  const [progress, setProgress] = useState<number | null>(null);
  const { form, onSubmit, submitting } = useApiForm({
    schema: addressProofFormSchema,
    initialValues: { type: '', issued_on: '', file: null } as Record<string, unknown> &
      Omit<AddressProofUpload, 'type'> & { type: string },
    send: async (values) => {
      setProgress(0);
      try {
        return await upload.mutateAsync({ values: values as AddressProofUpload, onProgress: setProgress });
      } finally {
        setProgress(null);
      }
    },
    success: t('kyc.addressProofUploaded'),
    onSuccess: (): void => form.reset(),
  });

  return (
    <form onSubmit={onSubmit} noValidate data-testid="kyc-address-form">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Select
            label={t('kyc.proofType')}
            data={ADDRESS_PROOF_TYPES.map((value) => ({ value, label: t(`documents:types.${value}`) }))}
            withAsterisk
            {...form.getInputProps('type')}
            data-testid="kyc-address-type"
          />
          <TextInput
            type="date"
            label={t('kyc.issuedOn')}
            description={t('kyc.proofAgeHint')}
            withAsterisk
            {...form.getInputProps('issued_on')}
            data-testid="kyc-address-issued-on"
          />
        </SimpleGrid>
        <UploadField
          label={t('kyc.proofFile')}
          required
          value={form.getValues().file as File | null}
          onChange={(file) => form.setFieldValue('file', file)}
          error={form.errors.file}
          progress={progress}
          disabled={submitting}
          testId="kyc-address-file"
        />
        <SubmitButton submitting={submitting} testId="kyc-address-submit">
          {t('kyc.uploadProof')}
        </SubmitButton>
      </Stack>
    </form>
  );
}

export function KycTab() {
  const { t } = useTranslation('profile');
  const documents = useQuery(kycDocumentsQuery);
  const active = (documents.data?.results ?? []).filter((d) => d.status === 'active');
  const identity = active.find((d) => d.kind === 'identity_document');
  const proof = active.find((d) => d.kind === 'address_proof');
  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Title order={3} fz="md">
          {t('kyc.identityTitle')}
        </Title>
        <OnFile document={identity} />
        <IdentityDocumentForm />
      </Stack>
      <Divider />
      <Stack gap="xs">
        <Title order={3} fz="md">
          {t('kyc.addressTitle')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('kyc.addressHint')}
        </Text>
        <OnFile document={proof} />
        <AddressProofForm />
      </Stack>
    </Stack>
  );
}
