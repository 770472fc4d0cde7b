// The customer's request for a human review of the creditworthiness assessment, as the operator sees it:
// when and what they wrote, and a form to record the outcome (the assessment upheld, or revised and the
// flag lifted) with the explanation the customer reads; once decided, the outcome on record.
import type { AdvanceDetail } from '@lombard/shared/schemas/advances';
import { CREDIT_REVIEW_OUTCOMES, creditReviewDecisionSchema } from '@lombard/shared/schemas/credit-review';
import { Alert, Button, Group, Radio, Stack, Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format';
import { useApiForm } from '../../../lib/forms/use-api-form';
import { useLanguage } from '../../../lib/i18n/use-language';
import { useDecideCreditReview } from './api';

export function CreditReviewSection({ advance }: { advance: AdvanceDetail }) {
  const { t } = useTranslation('backoffice');
  const language = useLanguage();
  const review = advance.creditworthiness?.review;
  const decide = useDecideCreditReview(advance.id);
  const { form, onSubmit, submitting } = useApiForm({
    schema: creditReviewDecisionSchema,
    initialValues: { outcome: '' as 'upheld' | 'revised', explanation: '' },
    send: (values) => decide.mutateAsync(values),
    success: t('advances.review.recorded'),
  });
  if (!review) return null;
  const date = (iso: string) => formatDate(iso.slice(0, 10), language);

  return (
    <Alert
      color={review.status === 'requested' ? 'orange' : 'gray'}
      variant="light"
      title={t('advances.review.title')}
      data-testid="credit-review-request"
    >
      <Stack gap="sm">
        <Text size="sm">{t('advances.review.requested', { date: date(review.requested_at) })}</Text>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="credit-review-customer-message">
          {review.message ? t('advances.review.message', { message: review.message }) : t('advances.review.noMessage')}
        </Text>
        {review.status === 'decided' && review.outcome ? (
          <Stack gap={4} data-testid="credit-review-decided">
            <Text size="sm" fw={700}>
              {t(`advances.review.outcomes.${review.outcome}`)} · {date(review.decided_at ?? review.requested_at)}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {review.explanation}
            </Text>
          </Stack>
        ) : (
          <form onSubmit={onSubmit} noValidate data-testid="credit-review-decision">
            <Stack gap="sm">
              <Radio.Group
                label={t('advances.review.outcome')}
                withAsterisk
                {...form.getInputProps('outcome')}
                data-testid="credit-review-outcome"
              >
                <Stack gap={6} mt={6}>
                  {CREDIT_REVIEW_OUTCOMES.map((outcome) => (
                    <Radio
                      key={outcome}
                      value={outcome}
                      label={t(`advances.review.outcomes.${outcome}`)}
                      data-testid={`credit-review-outcome-${outcome}`}
                    />
                  ))}
                </Stack>
              </Radio.Group>
              <Textarea
                label={t('advances.review.explanation')}
                description={t('advances.review.explanationHint')}
                autosize
                minRows={3}
                maxLength={2000}
                withAsterisk
                {...form.getInputProps('explanation')}
                data-testid="credit-review-explanation"
              />
              <Group>
                <Button type="submit" loading={submitting} data-testid="credit-review-record">
                  {t('advances.review.record')}
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Stack>
    </Alert>
  );
}
